import CombineCompat
import Dispatch
import Testing

@Suite struct MergeTests {
    @Test func interleavesValuesAndFinishesAfterAllUpstreamsFinish() {
        // Given
        let a = TestPublisher<Int, Never>(), b = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        a.merge(with: b).subscribe(subscriber)
        // When
        a.send(1)
        b.send(2)
        a.send(completion: .finished)
        b.send(3)
        b.send(completion: .finished)
        a.send(4)
        // Then
        #expect(
            subscriber.history + a.history + b.history == [
                "subscription", "value(1)", "value(2)", "value(3)", "finished",
                "subscribe", "request(unlimited)", "subscribe", "request(unlimited)",
            ])
    }

    @Test func keepsOneValuePerUpstreamBeyondDemandAndDeliversThemWhenDemandArrives() {
        // Given (Combine asks each upstream for one value, keeps the value that finds no demand in its upstream's
        // slot and delivers the slots in upstream order on the next request: the OpenCombine suite, whose
        // compatibility mode runs against Apple's Combine, in MergeTests.testChildDemand and
        // testUpstreamExceedsDemand; that a delivered waiting value then asks its upstream for one more is what
        // flatMap is recorded doing in FlatMapTests.testChildDemandWhenLimited, the record being silent for merge)
        let a = TestPublisher<Int, Never>(), b = TestPublisher<Int, Never>(), c = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        a.merge(with: b, c).subscribe(subscriber)
        // When
        a.send(1)
        b.send(2)
        c.send(3)
        a.send(completion: .finished)
        b.send(completion: .finished)
        c.send(completion: .finished)
        let beforeDemand = subscriber.history
        subscriber.request(.max(1))
        subscriber.request(.max(5))
        // Then
        #expect(beforeDemand == ["subscription", "value(1)"])
        #expect(
            subscriber.history + a.history + b.history + c.history == [
                "subscription", "value(1)", "value(2)", "value(3)", "finished",
                "subscribe", "request(max(1))", "subscribe", "request(max(1))", "request(max(1))",
                "subscribe", "request(max(1))", "request(max(1))",
            ])
    }

    @Test func failureCancelsEveryUpstreamAndNothingFollowsIt() {
        // Given (Combine cancels every upstream, the failed one too: MergeTests.testBCancelledAfterAFailed of the
        // OpenCombine suite, whose compatibility mode runs against Apple's Combine)
        let a = TestPublisher<Int, TestError>(), b = TestPublisher<Int, TestError>()
        let c = TestPublisher<Int, TestError>(), d = TestPublisher<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        a.merge(with: b, c, d).subscribe(subscriber)
        // When
        a.send(1)
        c.send(completion: .failure(TestError("boom")))
        b.send(2)
        c.send(completion: .finished)
        // Then
        #expect(
            subscriber.history + a.history + b.history + c.history + d.history == [
                "subscription", "value(1)", "failure(boom)",
                "subscribe", "request(unlimited)", "cancel", "subscribe", "request(unlimited)", "cancel",
                "subscribe", "request(unlimited)", "cancel", "subscribe", "request(unlimited)", "cancel",
            ])
    }

    @Test func cancellingMidStreamCancelsEveryUpstream() {
        // Given
        let a = TestPublisher<Int, Never>(), b = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        a.merge(with: b).subscribe(subscriber)
        // When
        a.send(1)
        subscriber.cancel()
        b.send(2)
        a.send(completion: .finished)
        // Then
        #expect(
            subscriber.history + a.history + b.history == [
                "subscription", "value(1)",
                "subscribe", "request(unlimited)", "cancel", "subscribe", "request(unlimited)", "cancel",
            ])
    }

    @Test func reentrantDemandFromTheSubscriberKeepsOrder() {
        // Given a subscriber that asks for one more value from inside each delivery
        let a = TestPublisher<Int, Never>(), b = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        subscriber.onValue = { value in
            if value == 1 { b.send(10) }
            subscriber.request(.max(1))
        }
        a.merge(with: b).subscribe(subscriber)
        // When
        a.send(1)
        a.send(2)
        // Then the nested value waited for the request and went out before the next one; requests stay with merge
        // (each value delivered under a finite demand returns `.max(1)` to its upstream instead), and the waiting
        // value, once delivered, asked its upstream for one more
        #expect(
            subscriber.history + a.history + b.history == [
                "subscription", "value(1)", "value(10)", "value(2)",
                "subscribe", "request(max(1))", "subscribe", "request(max(1))", "request(max(1))",
            ])
    }

    @Test func mergeOfEightUpstreamsAndMergeManyOfNone() {
        // Given
        let upstreams = (0..<8).map { _ in TestPublisher<Int, Never>() }
        let eight = TestSubscriber<Int, Never>()
        let none = TestSubscriber<Int, Never>()
        upstreams[0].merge(
            with: upstreams[1], upstreams[2], upstreams[3], upstreams[4], upstreams[5], upstreams[6], upstreams[7]
        ).subscribe(eight)
        Publishers.MergeMany<TestPublisher<Int, Never>>([]).subscribe(none)
        // When
        for (index, upstream) in upstreams.enumerated().reversed() { upstream.send(index) }
        for upstream in upstreams { upstream.send(completion: .finished) }
        // Then
        #expect(
            eight.history + none.history == [
                "subscription", "value(7)", "value(6)", "value(5)", "value(4)", "value(3)", "value(2)", "value(1)",
                "value(0)", "finished", "subscription", "finished",
            ])
    }

    @Test func concurrentSendsAreSerialisedWithNothingLostOrDuplicated() {
        // Given
        let upstreams = (0..<4).map { _ in TestPublisher<Int, Never>() }
        let detector = OverlapDetector<Never>()
        Publishers.MergeMany(upstreams).subscribe(detector)
        // When four threads each send 500 distinct values, then finish
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<500 { upstreams[thread].send(thread * 500 + value) }
            upstreams[thread].send(completion: .finished)
        }
        // Then
        #expect(detector.summary == (0..<2_000).map(String.init) + ["finished"])
        #expect(!detector.overlapped)
    }
}

extension MergeTests {
    @Test func cancellingInsideADeliveryDropsQueuedValues() {
        // Given a subscriber that cancels when it sees 2, while 3 and 4 wait in the queue
        let a = TestPublisher<Int, Never>(), b = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subscriber.onValue = { value in
            if value == 1 {
                a.send(2)
                b.send(3)
            }
            if value == 2 { subscriber.cancel() }
        }
        a.merge(with: b).subscribe(subscriber)
        // When
        a.send(1)
        b.send(4)
        // Then
        #expect(
            subscriber.history + a.history + b.history == [
                "subscription", "value(1)", "value(2)",
                "subscribe", "request(unlimited)", "cancel", "subscribe", "request(unlimited)", "cancel",
            ])
    }
}
