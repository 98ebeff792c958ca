import CombineCompat
import Testing

@Suite struct DropWhileTests {
    @Test func dropsUntilThePredicateFailsThenRepublishesEverything() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(1), demandPerValue: .max(1)) {
            $0.drop { $0 <= 0 }
        }
        // When
        harness.send(-2, 0, 10, 0, 22)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(1))"],
                    returned: ["max(1)", "max(1)", "max(1)", "max(1)", "max(1)"],
                    downstream: ["subscription", "value(10)", "value(0)", "value(22)", "finished"]
                )
        )
    }

    @Test func tryDropFailsWithTheThrownErrorWhileDropping() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) {
            $0.tryDrop { value in
                if value == 5 { throw OperatorError("5 is out of range") }
                return value < 7
            }
        }
        // When
        harness.send(1, 3, 5, 7)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(1)", "max(1)", "max(0)", "max(0)"],
                    downstream: ["subscription", "failure(5 is out of range)"]
                )
        )
    }

    @Test func tryDropStopsCallingThePredicateOnceItFailed() {
        // Given a predicate that would throw for any later element
        let harness = OperatorHarness(Int.self, Never.self) {
            $0.tryDrop { value in
                if value > 10 { throw OperatorError("called for \(value)") }
                return value < 3
            }
        }
        // When
        harness.send(1, 3, 11, 12)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(1)", "max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(3)", "value(11)", "value(12)", "finished"]
                )
        )
    }
}
