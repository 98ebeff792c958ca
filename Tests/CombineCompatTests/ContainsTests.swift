import CombineCompat
import Testing

@Suite struct ContainsTests {
    @Test func publishesTrueAndCancelsAtTheFirstMatch() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(1)) { $0.contains(5) }
        // When
        harness.send(-1, 5, 10)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(true)", "finished"]
                )
        )
    }

    @Test func publishesFalseWhenUpstreamFinishesWithoutMatch() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) { $0.contains { $0 > 4 } }
        // When
        harness.send(1, 2)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)", "max(0)"],
                    downstream: ["subscription", "value(false)", "finished"]
                )
        )
    }

    @Test func tryContainsFailsWithTheThrownError() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) {
            $0.tryContains { value in
                guard value != 8 else { throw OperatorError("illegal value 8") }
                return value == 4
            }
        }
        // When
        harness.send(1, 8, 4)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "failure(illegal value 8)"]
                )
        )
    }
}
