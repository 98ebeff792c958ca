import CombineCompat
import Testing

@Suite struct SwitchToLatestTests {
    @Test func newInnerPublisherCancelsThePreviousOne() {
        // Given a search whose first request is still running when the query changes
        let queries = TestPublisher<TestPublisher<String, TestError>, TestError>()
        let first = TestPublisher<String, TestError>(), second = TestPublisher<String, TestError>()
        let subscriber = TestSubscriber<String, TestError>()
        queries.switchToLatest().subscribe(subscriber)
        // When
        queries.send(first)
        first.send("s-results")
        queries.send(second)
        first.send("stale")
        first.send(completion: .failure(TestError("stale failure")))
        second.send("sw-results")
        queries.send(completion: .finished)
        second.send(completion: .finished)
        // Then
        #expect(
            subscriber.history + queries.history + first.history + second.history == [
                "subscription", "value(s-results)", "value(sw-results)", "finished",
                "subscribe", "request(unlimited)",
                "subscribe", "request(unlimited)", "cancel",
                "subscribe", "request(unlimited)",
            ])
    }

    @Test func newInnerGetsOutstandingDemandAndUpstreamFailureCancelsIt() {
        // Given
        let outer = TestPublisher<TestPublisher<Int, TestError>, TestError>()
        let first = TestPublisher<Int, TestError>(), second = TestPublisher<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(3))
        outer.switchToLatest().subscribe(subscriber)
        // When
        outer.send(first)
        first.send(1)
        outer.send(second)
        outer.send(completion: .failure(TestError("boom")))
        second.send(2)
        // Then the current publisher is cancelled, but what it still sends gets through, as in Combine
        // (SwitchToLatestTests.testInnerIgnoresEventsAfterOuterFails of the OpenCombine suite, run against Apple's
        // Combine)
        #expect(
            subscriber.history + outer.history + first.history + second.history == [
                "subscription", "value(1)", "failure(boom)", "value(2)", "subscribe", "request(unlimited)",
                "subscribe", "request(max(3))", "cancel", "subscribe", "request(max(2))", "cancel",
            ])
    }

    @Test func neverFailingInnersOfAFailableUpstreamAndCancellation() {
        // Given
        let outer = TestPublisher<TestPublisher<Int, Never>, TestError>()
        let inner = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, TestError>()
        let neverOuter = TestPublisher<TestPublisher<Int, Never>, Never>()
        let neverSubscriber = TestSubscriber<Int, Never>()
        outer.switchToLatest().subscribe(subscriber)
        neverOuter.switchToLatest().subscribe(neverSubscriber)
        // When
        outer.send(inner)
        neverOuter.send(inner)
        inner.send(1)
        subscriber.cancel()
        inner.send(2)
        // Then
        #expect(
            subscriber.history + neverSubscriber.history + outer.history + inner.history == [
                "subscription", "value(1)", "subscription", "value(1)", "value(2)",
                "subscribe", "request(unlimited)", "cancel",
                "subscribe", "request(unlimited)", "subscribe", "request(unlimited)", "cancel",
            ])
    }
}
