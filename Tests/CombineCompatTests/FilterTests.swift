import CombineCompat
import Foundation
import Testing

// `filter` keeps no state in Combine: the subscriber receives the upstream's own subscription, a value left out
// returns `.max(1)`, and every event is handed on as it comes (the OpenCombine suite, whose compatibility mode runs
// against Apple's Combine: FilterTests.testFilterBasicBehavior, testFilterCancelAlreadyCancelled).
@Suite struct FilterTests {
    @Test func filteredOutValuesKeepTheDownstreamDemand() {
        // Given a downstream that asked for one value
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(1)) {
            $0.filter { $0.isMultiple(of: 2) }
        }
        // When
        harness.send(1, 3, 4)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(1))"],
                    returned: ["max(1)", "max(1)", "max(0)"],
                    downstream: ["subscription", "value(4)", "finished"]
                )
        )
    }

    @Test func tryFilterFailsWithTheThrownError() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) {
            $0.tryFilter { value in
                if value == 0 { throw OperatorError("zero is not allowed") }
                return value > 1
            }
        }
        // When
        harness.send(1, 2, 0, 3)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(1)", "max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(2)", "failure(zero is not allowed)"]
                )
        )
    }

    @Test func filterAfterFilterFusesIntoOneFilter() {
        // Given
        let upstream = TestPublisher<Int, Never>()
        let fused: Publishers.Filter<TestPublisher<Int, Never>> = upstream.filter { $0 > 2 }.filter { $0 < 5 }
        let tryFused: Publishers.TryFilter<TestPublisher<Int, Never>> = upstream.filter { $0 > 2 }.tryFilter { $0 < 4 }
        let subscriber = TestSubscriber<Int, Never>()
        let trySubscriber = TestSubscriber<Int, Error>()
        // When
        fused.subscribe(subscriber)
        tryFused.subscribe(trySubscriber)
        for value in 1...6 { upstream.send(value) }
        // Then
        #expect(
            [subscriber.history, trySubscriber.history]
                == [["subscription", "value(3)", "value(4)"], ["subscription", "value(3)"]]
        )
    }

    @Test func completionAndCancelAreHandedOnAsTheyCome() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) { $0.filter { $0 > 0 } }
        // When the downstream cancels twice and the upstream completes twice
        harness.downstream.cancel()
        harness.send(1, 0)
        harness.send(completion: .finished)
        harness.downstream.cancel()
        harness.send(completion: .finished)
        // Then filter holds nothing back: the upstream decides what happens after a cancel or a completion
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel", "cancel"],
                    returned: ["max(0)", "max(1)"],
                    downstream: ["subscription", "value(1)", "finished", "finished"]
                )
        )
    }

    @Test func completionRacingWithCancelReachesBothEnds() {
        for _ in 0..<100 {
            // Given
            let harness = OperatorHarness(Int.self, Never.self) { $0.filter { _ in true } }
            // When the upstream finishes while the downstream cancels
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                if thread == 0 { harness.send(completion: .finished) } else { harness.downstream.cancel() }
            }
            // Then the completion reached the downstream and the cancel the upstream, whatever the order
            #expect(
                harness.history
                    == OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)", "cancel"],
                        downstream: ["subscription", "finished"])
            )
        }
    }
}
