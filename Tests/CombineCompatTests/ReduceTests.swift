import CombineCompat
import Testing

@Suite struct ReduceTests {
    @Test func foldsEveryElementAndPublishesOnFinish() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) { $0.reduce(10) { $0 + $1 } }
        // When
        harness.send(1, 2, 3)
        harness.send(completion: .finished)
        harness.send(4)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)", "max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(16)", "finished"]
                )
        )
    }

    @Test func emptyUpstreamPublishesTheInitialResult() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) { $0.reduce("start") { "\($0)-\($1)" } }
        // When
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    downstream: ["subscription", "value(start)", "finished"])
        )
    }

    @Test func tryReduceFailsWithTheThrownErrorAndCancelsUpstream() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) {
            $0.tryReduce(60) { total, value in
                guard value != 0 else { throw OperatorError("division by zero") }
                return total / value
            }
        }
        // When
        harness.send(2, 0, 3)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "failure(division by zero)"]
                )
        )
    }

    @Test func cancellingReleasesTheClosureEvenWhileUpstreamHoldsTheSubscriber() {
        // Given a reduce closure that is the only owner of a token
        weak var weakToken: CapturedToken?
        let harness: OperatorHarness<Int, Never, Int, Never> = {
            let token = CapturedToken()
            weakToken = token
            return OperatorHarness(Int.self, Never.self) {
                $0.reduce(0) { total, value in withExtendedLifetime(token) { total + value } }
            }
        }()
        harness.send(1)
        let heldBeforeCancel = weakToken != nil
        // When
        harness.downstream.cancel()
        // Then
        #expect(
            (heldBeforeCancel, weakToken == nil, harness.history)
                == (
                    true, true,
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)", "cancel"],
                        returned: ["max(0)"],
                        downstream: ["subscription"]
                    )
                )
        )
    }
}
