import CombineCompat
import Testing

@Suite struct AllSatisfyTests {
    @Test func publishesTrueWhenEveryElementPasses() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) { $0.allSatisfy { $0 > 0 } }
        // When
        harness.send(1, 2)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)", "max(0)"],
                    downstream: ["subscription", "value(true)", "finished"]
                )
        )
    }

    @Test func publishesFalseAndCancelsAtTheFirstFailingElement() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(1)) { $0.allSatisfy { $0 > 0 } }
        // When
        harness.send(1, -1, 2)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(false)", "finished"]
                )
        )
    }

    @Test func tryAllSatisfyFailsWithTheThrownError() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) {
            $0.tryAllSatisfy { value in
                guard value != 10 else { throw OperatorError("invalid number 10") }
                return true
            }
        }
        // When
        harness.send(1, 10)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)"],
                    downstream: ["subscription", "failure(invalid number 10)"]
                )
        )
    }
}
