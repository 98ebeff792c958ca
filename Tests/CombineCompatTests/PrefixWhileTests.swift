import CombineCompat
import Testing

@Suite struct PrefixWhileTests {
    @Test func republishesWhileThePredicateHoldsThenCancelsAndFinishes() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(2), demandPerValue: .max(1)) {
            $0.prefix { $0 < 3 }
        }
        // When
        harness.send(1, 2, 3, 1)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(2))", "cancel"],
                    returned: ["max(1)", "max(1)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(1)", "value(2)", "finished"]
                )
        )
    }

    @Test func tryPrefixFailsWithTheThrownError() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) {
            $0.tryPrefix { value in
                guard value != 0 else { throw OperatorError("zero") }
                return true
            }
        }
        // When
        harness.send(4, 0, 5)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(4)", "failure(zero)"]
                )
        )
    }

    @Test func tryPrefixFinishesWhenThePredicateFails() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.tryPrefix { $0 > 0 } }
        // When
        harness.send(4, -1)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)"],
                    downstream: ["subscription", "value(4)", "finished"]
                )
        )
    }
}
