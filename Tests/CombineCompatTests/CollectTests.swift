import CombineCompat
import Foundation
import Testing

@Suite struct CollectTests {
    @Test func requestsUnlimitedAndPublishesEverythingOnFinish() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(1)) { $0.collect() }
        // When
        harness.send(1, 2, 3)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value([1, 2, 3])", "finished"]
                )
        )
    }

    @Test func holdsTheResultUntilTheDownstreamAsks() {
        // Given a downstream that has not asked for anything yet
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: nil) { $0.collect() }
        harness.send(1)
        harness.send(completion: .finished)
        let beforeRequest = harness.downstream.history
        // When
        harness.downstream.request(.max(1))
        harness.downstream.request(.max(1))
        // Then
        #expect(
            (beforeRequest, harness.history)
                == (
                    ["subscription"],
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)"],
                        returned: ["max(0)"],
                        downstream: ["subscription", "value([1])", "finished"]
                    )
                )
        )
    }

    @Test func failureDropsTheCollectedElements() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.collect() }
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

    @Test func cancellingWhileHoldingTheResultPublishesNothing() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: nil) { $0.collect() }
        harness.send(1)
        harness.send(completion: .finished)
        // When
        harness.downstream.cancel()
        harness.downstream.request(.max(1))
        // Then the upstream had already finished, so it is not cancelled
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)"],
                    downstream: ["subscription"]
                )
        )
    }

    @Test func cancelRacingWithFinishDeliversAllOrNothing() {
        // Given the outcomes a race between finishing and cancelling may produce
        let allowed: Set<[String]> = [["subscription", "value([1])", "finished"], ["subscription"]]
        var seen: Set<[String]> = []
        for _ in 0..<200 {
            let harness = OperatorHarness(Int.self, Never.self) { $0.collect() }
            harness.send(1)
            // When
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                if thread == 0 { harness.send(completion: .finished) } else { harness.downstream.cancel() }
            }
            seen.insert(harness.downstream.history)
        }
        // Then
        #expect(seen.subtracting(allowed) == [])
    }
}
