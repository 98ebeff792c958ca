import CombineCompat
import Foundation
import Testing

@Suite struct MapTests {
    @Test func transformsEveryValueAndForwardsCompletion() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.map { $0 * 10 } }
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
                    downstream: ["subscription", "value(10)", "value(20)", "value(30)", "finished"]
                )
        )
    }

    @Test func passesDemandThroughBothWays() {
        // Given a downstream that asks for one value, then one more per value received
        let harness = OperatorHarness(Int.self, OperatorError.self, initialDemand: .max(1), demandPerValue: .max(1)) {
            $0.map(String.init)
        }
        // When
        harness.send(7, 8)
        harness.downstream.request(.max(3))
        harness.send(completion: .failure(OperatorError("boom")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(1))", "request(max(3))"],
                    returned: ["max(1)", "max(1)"],
                    downstream: ["subscription", "value(7)", "value(8)", "failure(boom)"]
                )
        )
    }

    @Test func cancellingStopsDeliveryAndCancelsUpstreamOnce() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) { $0.map { $0 + 1 } }
        harness.send(1)
        // When
        harness.downstream.cancel()
        harness.downstream.cancel()
        harness.downstream.request(.max(1))
        harness.send(2)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)"],
                    downstream: ["subscription", "value(2)"]
                )
        )
    }

    @Test func downstreamMayRequestAndCancelWhileReceiving() {
        // Given a downstream that asks for more on the first value and cancels on the second
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(1)) { $0.map { -$0 } }
        harness.downstream.onValue = { [downstream = harness.downstream] value in
            if value == -1 { downstream.request(.max(5)) } else { downstream.cancel() }
        }
        // When
        harness.send(1, 2, 3)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(1))", "request(max(5))", "cancel"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(-1)", "value(-2)"]
                )
        )
    }

    @Test func mapAfterMapFusesIntoOneMap() {
        // Given
        let upstream = TestPublisher<Int, Never>()
        // When
        let fused: Publishers.Map<TestPublisher<Int, Never>, String> = upstream.map { $0 * 2 }.map { "#\($0)" }
        let subscriber = TestSubscriber<String, Never>()
        fused.subscribe(subscriber)
        upstream.send(21)
        // Then
        #expect(subscriber.history == ["subscription", "value(#42)"])
    }

    @Test func replaceNilSubstitutesTheElement() {
        // Given
        let harness = OperatorHarness(Int?.self, Never.self) { $0.replaceNil(with: 0) }
        // When
        harness.send(1, nil, 3)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(1)", "value(0)", "value(3)"]
                )
        )
    }

    @Test func cancelRacingWithSendNeverDeliversOutOfOrderOrCrashes() {
        for _ in 0..<50 {
            // Given
            let harness = OperatorHarness(Int.self, Never.self) { $0.map { $0 } }
            // When one thread sends while another cancels
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                if thread == 0 {
                    for value in 0..<500 { harness.send(value) }
                } else {
                    harness.downstream.cancel()
                }
            }
            // Then the values form a gapless prefix and upstream saw exactly one cancel
            let values = harness.downstream.values
            #expect(
                (values == Array(0..<values.count), harness.upstream.history)
                    == (true, ["subscribe", "request(unlimited)", "cancel"])
            )
        }
    }
}
