import CombineCompat
import Testing

@Suite struct RetryTests {
    @Test func resubscribesWithOutstandingDemandThenGivesUp() {
        // Given a downstream that asked for three values and one retry
        let harness = OperatorHarness(Int.self, OperatorError.self, initialDemand: .max(3)) { $0.retry(1) }
        // When
        harness.send(1)
        harness.send(completion: .failure(OperatorError("first")))
        harness.send(2)
        harness.send(completion: .failure(OperatorError("second")))
        // Then (values reach both recorded subscribers of the test publisher; the stale one ignores them)
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(3))", "subscribe", "request(max(2))"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(1)", "value(2)", "failure(second)"]
                )
        )
    }

    @Test func retryZeroRepublishesTheFirstFailure() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.retry(0) }
        // When
        harness.send(completion: .failure(OperatorError("only")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"], downstream: ["subscription", "failure(only)"])
        )
    }

    @Test func successAfterRetryFinishesAndCancelStopsRetrying() {
        // Given
        let finishing = OperatorHarness(Int.self, OperatorError.self) { $0.retry(3) }
        let cancelled = OperatorHarness(Int.self, OperatorError.self) { $0.retry(3) }
        // When
        finishing.send(completion: .failure(OperatorError("flaky")))
        finishing.send(completion: .finished)
        cancelled.downstream.cancel()
        cancelled.send(completion: .failure(OperatorError("after cancel")))
        // Then
        #expect(
            [finishing.history, cancelled.history]
                == [
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)", "subscribe", "request(unlimited)"],
                        downstream: ["subscription", "finished"]
                    ),
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)", "cancel"], downstream: ["subscription"]),
                ]
        )
    }
}
