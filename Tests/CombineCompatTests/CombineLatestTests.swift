import CombineCompat
import Foundation
import Synchronization
import Testing

@Suite struct CombineLatestTests {
    @Test func publishesLatestCombinationOnceEveryUpstreamHasAValue() {
        // Given
        let names = TestPublisher<String, Never>(), ages = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<String, Never>()
        names.combineLatest(ages).subscribe(TupleRecorder(subscriber))
        // When
        names.send("Kim")
        names.send("Lee")
        ages.send(30)
        names.send("Ann")
        names.send(completion: .finished)
        ages.send(31)
        let beforeLastFinish = subscriber.history
        ages.send(completion: .finished)
        // Then
        #expect(beforeLastFinish == ["subscription", "value(Lee 30)", "value(Ann 30)", "value(Ann 31)"])
        #expect(
            subscriber.history + names.history + ages.history == [
                "subscription", "value(Lee 30)", "value(Ann 30)", "value(Ann 31)", "finished",
                "subscribe", "request(unlimited)", "subscribe", "request(unlimited)",
            ])
    }

    @Test func dropsCombinationsThatFindNoDemandAndPassesEveryRequestOn() {
        // Given (Combine drops a combination that finds no demand and hands each request to every upstream: the
        // OpenCombine suite, whose compatibility mode runs against Apple's Combine, in
        // CombineLatestTests.testUpstreamExceedsDemand and testChildDemand)
        let a = TestPublisher<Int, Never>(), b = TestPublisher<Int, Never>(), c = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        a.combineLatest(b, c) { $0 * 100 + $1 * 10 + $2 }.subscribe(subscriber)
        // When
        a.send(1)
        b.send(2)
        c.send(3)
        c.send(4)
        b.send(5)
        subscriber.request(.max(2))
        a.send(6)
        // Then
        #expect(
            subscriber.history + a.history + b.history + c.history == [
                "subscription", "value(123)", "value(654)",
                "subscribe", "request(max(1))", "request(max(2))", "subscribe", "request(max(1))", "request(max(2))",
                "subscribe", "request(max(1))", "request(max(2))",
            ])
    }

    @Test func failureCancelsOthersAndCancelReleasesEveryUpstream() {
        // Given
        let a = TestPublisher<Int, TestError>(), b = TestPublisher<Int, TestError>()
        let c = TestPublisher<Int, TestError>(), d = TestPublisher<Int, TestError>()
        let failed = TestSubscriber<Int, TestError>()
        let cancelled = TestSubscriber<String, TestError>()
        a.combineLatest(b, c, d) { $0 + $1 + $2 + $3 }.subscribe(failed)
        // When
        for upstream in [a, b, c, d] { upstream.send(1) }
        b.send(completion: .failure(TestError("boom")))
        a.send(5)
        let e = TestPublisher<Int, TestError>(), f = TestPublisher<Int, TestError>()
        e.combineLatest(f).subscribe(TupleRecorder(cancelled))
        cancelled.cancel()
        e.send(1)
        f.send(2)
        // Then
        #expect(
            failed.history + a.history + b.history + cancelled.history + e.history + f.history == [
                "subscription", "value(4)", "failure(boom)",
                "subscribe", "request(unlimited)", "cancel", "subscribe", "request(unlimited)",
                "subscription", "subscribe", "request(unlimited)", "cancel", "subscribe", "request(unlimited)",
                "cancel",
            ])
    }

    @Test func concurrentSendsDeliverOneCombinationAtATimeAndTheLatestAfterwards() {
        // Given combineLatest of two subjects into a sink that counts deliveries running at the same time (a
        // combination that finds another being delivered is dropped, as the latest values are kept for the next)
        let left = PassthroughSubject<Int, Never>()
        let right = PassthroughSubject<Int, Never>()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let last = Mutex<(Int, Int)?>(nil)
        let cancellable = left.combineLatest(right).sink { pair in
            if inside.add(1, ordering: .relaxed).newValue > 1 { overlaps.add(1, ordering: .relaxed) }
            last.withLock { $0 = pair }
            inside.subtract(1, ordering: .relaxed)
        }
        left.send(-1)
        right.send(-1)
        // When two threads send 5,000 values each, one into each subject, then one more value follows
        let subjects = Shared([left, right])
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for value in 0..<5_000 { subjects.value[thread].send(value) }
        }
        left.send(5_000)
        // Then no two deliveries overlapped, and the last combination holds the latest value of each
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(last.withLock { $0.map { [$0.0, $0.1] } } == [5_000, 4_999])
        cancellable.cancel()
    }
}
