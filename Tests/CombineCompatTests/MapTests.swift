import CombineCompat
import Foundation
import Testing

// `map` keeps no state in Combine: the subscriber receives the upstream's own subscription and every event is
// handed on as it comes, also after a completion (the OpenCombine suite, whose compatibility mode runs against
// Apple's Combine, asserts `.subscription("PassthroughSubject")` below a `map`, and values and completions passed on
// after a completion, in MapTests.testMapOperatorSpecializationForMap and the generic testError).
@Suite struct MapTests {
    @Test func transformsEveryValueAndHandsOnEveryEventAsItComes() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.map { $0 * 10 } }
        // When the upstream breaks the protocol and sends after its completion
        harness.send(1, 2, 3)
        harness.send(completion: .finished)
        harness.send(4)
        // Then map passes that on too: it is the upstream's job to stop
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)", "max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(10)", "value(20)", "value(30)", "finished", "value(40)"]
                )
        )
    }

    @Test func theSubscriberReceivesTheUpstreamsOwnSubscription() {
        // Given
        let subject = PassthroughSubject<Int, Never>()
        var received: [String] = []
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: { received.append("\($0)") }, receiveValue: { _ in .none }, receiveCompletion: nil)
        // When
        subject.map { $0 + 1 }.subscribe(subscriber)
        // Then
        #expect(received == ["PassthroughSubject"])
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

    @Test func everyCancelAndRequestGoesStraightToTheUpstream() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) { $0.map { $0 + 1 } }
        harness.send(1)
        // When
        harness.downstream.cancel()
        harness.downstream.cancel()
        harness.downstream.request(.max(1))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel", "cancel", "request(max(1))"],
                    returned: ["max(0)"],
                    downstream: ["subscription", "value(2)"]
                )
        )
    }

    @Test func downstreamMayRequestAndCancelWhileReceiving() {
        // Given a downstream that asks for more on the first value and cancels on every later one (an upstream that
        // ignores cancel keeps sending; map hands each value and each cancel on)
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
                    upstream: ["subscribe", "request(max(1))", "request(max(5))", "cancel", "cancel"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(-1)", "value(-2)", "value(-3)"]
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
            // When one thread sends while another cancels (this upstream goes on sending after a cancel)
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                if thread == 0 {
                    for value in 0..<500 { harness.send(value) }
                } else {
                    harness.downstream.cancel()
                }
            }
            // Then every value arrives in order and the cancel reached the upstream once
            #expect(
                (harness.downstream.values, harness.upstream.history)
                    == (Array(0..<500), ["subscribe", "request(unlimited)", "cancel"])
            )
        }
    }
}
