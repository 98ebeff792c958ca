import CombineCompat
import Testing

/// `buffer(size:prefetch:whenFull:)`. Evidence: Apple's documentation (`keepFull` "starts by making a demand equal
/// to the buffer's size from the upstream … Afterwards, it continues to demand elements from the upstream to try to
/// keep the buffer full"; "If the publisher completes before reaching the size threshold, it buffers the elements
/// and publishes them downstream prior to completion") and the OpenCombine suite, whose compatibility mode runs
/// against Apple's Combine (BufferTests), for the rest: `byRequest` asks upstream for `.unlimited`; values that go
/// straight through return `.max(1)` under `keepFull`, and a request that empties part of the buffer asks upstream
/// for as many as left it (the subscriber's own demand, `.unlimited` included, is never passed up); `customError`
/// cancels upstream at once and fails after the buffered values the subscriber asks for; `finished` waits for an
/// empty buffer and demand; an upstream failure arrives at once; the subscriber is kept after the end.
@Suite struct BufferTests {
    @Test func keepFullPrefetchesTheSizeAndRefillsAsValuesLeave() {
        // Given a subscriber that asks for two values
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(2)) {
            $0.buffer(size: 3, prefetch: .keepFull, whenFull: .dropNewest)
        }
        // When five values arrive and the subscriber asks for one more
        harness.send(1, 2, 3, 4, 5)
        harness.downstream.request(.max(1))
        // Then values 1 and 2 went straight through, 3–5 were buffered and 3 left at the next request, which asked
        // upstream for the one that left (testRequestingFiniteDemandKeepFull*)
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(3))", "request(max(1))"],
                    returned: ["max(1)", "max(1)", "max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(1)", "value(2)", "value(3)"]))
    }

    @Test(arguments: [
        ("dropNewest", ["value(1)", "value(2)", "value(3)"]),
        ("dropOldest", ["value(3)", "value(4)", "value(5)"]),
    ])
    func byRequestAsksForEverythingAndDropsWhenFull(strategyName: String, delivered: [String]) {
        // Given a full buffer of three and a subscriber without demand
        let strategy: Publishers.BufferingStrategy<TestError> = strategyName == "dropNewest" ? .dropNewest : .dropOldest
        let harness = OperatorHarness(Int.self, TestError.self, initialDemand: nil) {
            $0.buffer(size: 3, prefetch: .byRequest, whenFull: strategy)
        }
        harness.send(1, 2, 3, 4, 5)
        // When the subscriber asks for three, then one more
        harness.downstream.request(.max(3))
        harness.downstream.request(.max(1))
        // Then it received the three the strategy kept, and nothing more
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"], returned: Array(repeating: "max(0)", count: 5),
                    downstream: ["subscription"] + delivered))
    }

    @Test func customErrorCancelsUpstreamAndFailsAfterTheDemandedValues() {
        // Given a full buffer of three
        let harness = OperatorHarness(Int.self, TestError.self, initialDemand: nil) {
            $0.buffer(size: 3, prefetch: .byRequest, whenFull: .customError { TestError("full") })
        }
        harness.send(1, 2, 3)
        // When a fourth value overflows it, then the subscriber asks for two
        harness.send(4)
        let afterOverflow = harness.downstream.history
        harness.downstream.request(.max(2))
        // Then upstream was cancelled at the overflow, and the failure followed the two values asked for
        #expect(afterOverflow == ["subscription"])
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(1)", "value(2)", "failure(full)"]))
    }

    @Test func finishedWaitsForTheBufferAndDemandButAFailureArrivesAtOnce() {
        // Given two buffers holding two values each, without demand
        let finishing = OperatorHarness(Int.self, TestError.self, initialDemand: nil) {
            $0.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest)
        }
        let failing = OperatorHarness(Int.self, TestError.self, initialDemand: nil) {
            $0.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest)
        }
        finishing.send(1, 2)
        failing.send(1, 2)
        // When upstream finishes (resp. fails), and the subscribers ask for two, then one more
        finishing.send(completion: .finished)
        failing.send(completion: .failure(TestError("boom")))
        for harness in [finishing, failing] { harness.downstream.request(.max(2)) }
        let beforeLastRequest = finishing.downstream.history
        finishing.downstream.request(.max(1))
        // Then the buffered values came before finished, which waited for a request; the failure did not wait
        #expect(beforeLastRequest == ["subscription", "value(1)", "value(2)"])
        #expect(finishing.downstream.history == ["subscription", "value(1)", "value(2)", "finished"])
        #expect(failing.downstream.history == ["subscription", "failure(boom)"])
    }

    @Test func cancelStopsDeliveryAndCancelsUpstream() {
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: nil) {
            $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest)
        }
        harness.send(1)
        harness.downstream.cancel()
        harness.downstream.request(.max(1))
        #expect(harness.history.upstream == ["subscribe", "request(max(2))", "cancel"])
        #expect(harness.downstream.history == ["subscription"])
    }

    @Test func keepFullNeverPassesTheSubscribersDemandUpstream() {
        // Given a subscriber that asks for everything at once (testRequestingUnlimitedDemandKeepFull*) and one that
        // asks before anything is buffered (testRecursionKeepFull*)
        let unlimited = OperatorHarness(Int.self, Never.self) {
            $0.buffer(size: 5, prefetch: .keepFull, whenFull: .dropNewest)
        }
        let early = OperatorHarness(Int.self, Never.self, initialDemand: nil) {
            $0.buffer(size: 5, prefetch: .keepFull, whenFull: .dropNewest)
        }
        early.downstream.request(.max(3))
        early.downstream.onValue = { [downstream = early.downstream] _ in downstream.request(.max(1)) }
        // When ten values arrive
        for value in 0..<10 {
            unlimited.send(value)
            early.send(value)
        }
        // Then each went straight through and asked for one more; upstream saw only the prefetch
        for harness in [unlimited, early] {
            #expect(
                harness.history
                    == OperatorHistory(
                        upstream: ["subscribe", "request(max(5))"], returned: Array(repeating: "max(1)", count: 10),
                        downstream: ["subscription"] + (0..<10).map { "value(\($0))" }))
        }
    }

    @Test func aFailureDuringADeliveryArrivesAtOnceAndTheDeliveryGoesOn() {
        // Given five buffered values (testFailWhileSendingValues)
        let harness = OperatorHarness(Int.self, TestError.self, initialDemand: nil) {
            $0.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest)
        }
        harness.send(1, 2, 3, 4, 5)
        harness.downstream.onValue = { [upstream = harness.upstream] _ in
            upstream.send(completion: .failure(TestError("oops")))
        }
        // When the subscriber asks for three and the upstream fails at the first
        harness.downstream.request(.max(3))
        // Then Combine delivers the failure at once, and the other two it was asked for after it
        #expect(
            harness.downstream.history == [
                "subscription", "value(1)", "failure(oops)", "value(2)", "value(3)",
            ])
    }

    @Test func valuesAfterFinishedAreBufferedBeforeIt() {
        // Given (testReceiveValueAfterFinishing)
        let harness = OperatorHarness(Int.self, TestError.self, initialDemand: nil) {
            $0.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest)
        }
        // When the upstream finishes, completes again, then sends two values
        harness.send(completion: .finished)
        harness.send(completion: .finished)
        harness.send(completion: .failure(TestError("oops")))
        harness.send(1, 2)
        harness.downstream.request(.max(2))
        let afterTwo = harness.downstream.history
        harness.downstream.request(.max(1))
        // Then
        #expect(afterTwo == ["subscription", "value(1)", "value(2)"])
        #expect(harness.downstream.history == ["subscription", "value(1)", "value(2)", "finished"])
    }

    @Test func theSubscriberIsKeptAfterTheEnd() {
        // Given subscribers that keep their subscriptions (testBufferLifecycle)
        weak var finished: TestSubscriber<Int, TestError>?
        weak var cancelled: TestSubscriber<Int, TestError>?
        do {
            let subject = PassthroughSubject<Int, TestError>()
            let first = TestSubscriber<Int, TestError>()
            subject.buffer(size: 1, prefetch: .keepFull, whenFull: .dropNewest).subscribe(first)
            subject.send(completion: .finished)
            finished = first
            let second = TestSubscriber<Int, TestError>(initialDemand: nil)
            subject.buffer(size: 1, prefetch: .byRequest, whenFull: .dropNewest).subscribe(second)
            second.cancel()
            cancelled = second
        }
        // Then each stays in a cycle with its subscription, as with Combine's buffer
        #expect(finished?.history == ["subscription", "finished"])
        #expect(cancelled?.history == ["subscription"])
    }
}
