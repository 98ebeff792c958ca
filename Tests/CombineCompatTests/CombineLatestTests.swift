import CombineCompat
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
}
