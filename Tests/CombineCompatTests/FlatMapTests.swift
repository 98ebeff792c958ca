import CombineCompat
import Dispatch
import Testing

@Suite struct FlatMapTests {
    @Test func mergesInnerPublishersAndFinishesAfterUpstreamAndAllInnersFinish() {
        // Given
        let upstream = TestPublisher<Int, TestError>()
        let inners = [TestPublisher<String, TestError>(), TestPublisher<String, TestError>()]
        let subscriber = TestSubscriber<String, TestError>()
        upstream.flatMap { inners[$0] }.subscribe(subscriber)
        // When
        upstream.send(0)
        inners[0].send("a")
        upstream.send(1)
        inners[1].send("b")
        inners[0].send("c")
        upstream.send(completion: .finished)
        inners[0].send(completion: .finished)
        let beforeLastFinish = subscriber.history
        inners[1].send(completion: .finished)
        // Then
        #expect(beforeLastFinish == ["subscription", "value(a)", "value(b)", "value(c)"])
        #expect(
            subscriber.history + upstream.history + inners[0].history + inners[1].history == [
                "subscription", "value(a)", "value(b)", "value(c)", "finished",
                "subscribe", "request(unlimited)", "subscribe", "request(unlimited)", "subscribe",
                "request(unlimited)",
            ])
    }

    @Test func maxPublishersLimitsUpstreamDemandAndDownstreamDemandIsRespected() {
        // Given (as in Combine, an inner publisher is asked for one value under a finite demand, a value that finds no
        // demand waits for the next request, and a finished inner lets flatMap ask its upstream for one more: the
        // OpenCombine suite, whose compatibility mode runs against Apple's Combine, in
        // FlatMapTests.testChildDemandWhenLimited and testDownstreamFinishesWhenUpstreamAndChildFinishes)
        let upstream = TestPublisher<Int, Never>()
        let inners = [TestPublisher<Int, Never>(), TestPublisher<Int, Never>()]
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.flatMap(maxPublishers: .max(1)) { inners[$0] }.subscribe(subscriber)
        // When
        upstream.send(0)
        inners[0].send(10)
        inners[0].send(11)
        inners[0].send(12)
        inners[0].send(completion: .finished)
        upstream.send(1)
        subscriber.request(.max(1))
        // Then
        #expect(
            subscriber.history + upstream.history + inners[0].history + inners[1].history == [
                "subscription", "value(10)", "value(11)", "value(12)",
                "subscribe", "request(max(1))", "request(max(1))",
                "subscribe", "request(max(1))", "subscribe", "request(max(1))",
            ])
    }

    @Test func innerFailureCancelsTheOtherInnersButNotTheUpstream() {
        // Given (Combine cancels the other inner publishers and leaves the upstream alone:
        // FlatMapTests.testAllSubscriptionsReleasedOnChildFailure and testFailsIfChildFails of the OpenCombine suite,
        // whose compatibility mode runs against Apple's Combine)
        let upstream = TestPublisher<Int, TestError>()
        let inners = [TestPublisher<Int, TestError>(), TestPublisher<Int, TestError>()]
        let subscriber = TestSubscriber<Int, TestError>()
        upstream.flatMap { inners[$0] }.subscribe(subscriber)
        // When
        upstream.send(0)
        upstream.send(1)
        inners[1].send(completion: .failure(TestError("boom")))
        inners[0].send(5)
        // Then
        #expect(
            subscriber.history + upstream.history + inners[0].history + inners[1].history == [
                "subscription", "failure(boom)", "subscribe", "request(unlimited)",
                "subscribe", "request(unlimited)", "cancel", "subscribe", "request(unlimited)",
            ])
    }

    @Test func cancellingReleasesUpstreamAndEveryInner() {
        // Given
        let upstream = TestPublisher<Int, Never>()
        let inners = [TestPublisher<Int, Never>(), TestPublisher<Int, Never>()]
        let subscriber = TestSubscriber<Int, Never>()
        upstream.flatMap { inners[$0] }.subscribe(subscriber)
        upstream.send(0)
        upstream.send(1)
        // When
        subscriber.cancel()
        inners[0].send(1)
        upstream.send(0)
        // Then
        #expect(
            subscriber.history + upstream.history + inners[0].history + inners[1].history == [
                "subscription", "subscribe", "request(unlimited)", "cancel",
                "subscribe", "request(unlimited)", "cancel", "subscribe", "request(unlimited)", "cancel",
            ])
    }

    @Test func failureAdaptingOverloadsCompileAndForwardFailures() {
        // Given
        let never = TestPublisher<Int, Never>()
        let failing = TestPublisher<Int, TestError>()
        let failingInner = TestPublisher<Int, TestError>()
        let neverInner = TestPublisher<Int, Never>()
        let neverToFailing = TestSubscriber<Int, TestError>()
        let failingToNever = TestSubscriber<Int, TestError>()
        let neverToNever = TestSubscriber<Int, Never>()
        never.flatMap { _ in failingInner }.subscribe(neverToFailing)
        failing.flatMap { _ in neverInner }.subscribe(failingToNever)
        never.flatMap { _ in neverInner }.subscribe(neverToNever)
        // When
        never.send(1)
        failing.send(1)
        neverInner.send(7)
        failingInner.send(completion: .failure(TestError("inner")))
        failing.send(completion: .failure(TestError("outer")))
        // Then
        #expect(
            neverToFailing.history + failingToNever.history + neverToNever.history == [
                "subscription", "failure(inner)", "subscription", "value(7)", "failure(outer)",
                "subscription", "value(7)",
            ])
    }

    @Test func concurrentInnerSendsAreSerialisedWithNothingLostOrDuplicated() {
        // Given
        let upstream = TestPublisher<Int, Never>()
        let inners = (0..<4).map { _ in TestPublisher<Int, Never>() }
        let detector = OverlapDetector<Never>()
        upstream.flatMap { inners[$0] }.subscribe(detector)
        for index in inners.indices { upstream.send(index) }
        upstream.send(completion: .finished)
        // When
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<500 { inners[thread].send(thread * 500 + value) }
            inners[thread].send(completion: .finished)
        }
        // Then
        #expect(detector.summary == (0..<2_000).map(String.init) + ["finished"])
        #expect(!detector.overlapped)
    }
}

extension FlatMapTests {
    @Test func demandRespectingInnersDeliverOnlyWhatIsRequested() {
        // Given
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3))
        upstream.flatMap(maxPublishers: .max(1)) { DemandPublisher([$0 * 10, $0 * 10 + 1]) }.subscribe(subscriber)
        // When
        upstream.send(1)
        upstream.send(2)
        let beforeMoreDemand = subscriber.history
        subscriber.request(.max(5))
        upstream.send(completion: .finished)
        // Then
        #expect(beforeMoreDemand == ["subscription", "value(10)", "value(11)", "value(20)"])
        #expect(
            subscriber.history + upstream.history == [
                "subscription", "value(10)", "value(11)", "value(20)", "value(21)", "finished",
                "subscribe", "request(max(1))", "request(max(1))", "request(max(1))",
            ])
    }
}
