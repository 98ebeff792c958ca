import CombineCompat
import Testing

@Suite struct SubscribeOnTests {
    @Test func subscribesRequestsAndCancelsOnTheScheduler() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        // When
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        let beforeRun = upstream.history
        scheduler.advance()
        upstream.send(1)
        subscriber.request(.max(3))
        subscriber.cancel()
        let beforeSecondRun = upstream.history
        scheduler.advance()
        // Then
        #expect(beforeRun + beforeSecondRun == ["subscribe", "request(max(1))"])
        #expect(
            subscriber.history + upstream.history == [
                "subscription", "value(1)", "subscribe", "request(max(1))", "request(max(3))", "cancel",
            ])
    }

    @Test func valuesAndCompletionPassStraightThrough() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.advance()
        // When
        upstream.send(1)
        upstream.send(completion: .failure(TestError("boom")))
        upstream.send(2)
        scheduler.advance()
        // Then
        #expect(
            subscriber.history + upstream.history == [
                "subscription", "value(1)", "failure(boom)", "subscribe", "request(unlimited)",
            ])
    }
}
