import CombineCompat
import Testing

@Suite struct LastTests {
    @Test func lastPublishesTheFinalElementOnFinish() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(1)) { $0.last() }
        // When
        harness.send(1, 2, 3)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(3)", "finished"]
                )
        )
    }

    @Test func lastWherePublishesTheFinalMatch() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.last { $0 < 6 } }
        // When
        harness.send(4, 5, 9)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(5)", "finished"]
                )
        )
    }

    @Test func tryLastFailsWithTheThrownError() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) {
            $0.tryLast { value in
                guard value != 0 else { throw OperatorError("zero") }
                return true
            }
        }
        // When
        harness.send(1, 0)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)"],
                    downstream: ["subscription", "failure(zero)"]
                )
        )
    }

    @Test func upstreamFailureDropsTheCandidate() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.last() }
        // When
        harness.send(1)
        harness.send(completion: .failure(OperatorError("broken")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)"],
                    downstream: ["subscription", "failure(broken)"]
                )
        )
    }
}
