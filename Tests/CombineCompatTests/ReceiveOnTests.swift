import CombineCompat
import Testing

@Suite struct ReceiveOnTests {
    @Test func deliversValuesAndCompletionThroughTheSchedulerInOrder() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        upstream.receive(on: scheduler).subscribe(subscriber)
        // When
        upstream.send(1)
        upstream.send(2)
        let beforeRun = subscriber.history
        scheduler.advance()
        upstream.send(completion: .finished)
        scheduler.advance()
        // Then
        #expect(beforeRun == ["subscription"])
        #expect(
            subscriber.history + upstream.history + scheduler.log == [
                "subscription", "value(1)", "value(2)", "finished",
                "subscribe", "request(max(1))", "request(max(1))", "request(max(1))",
                "schedule@0ms", "schedule@0ms", "schedule@0ms",
            ])
    }

    @Test func cancelBeforeTheHopDropsQueuedDeliveriesAndCancelsUpstream() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        upstream.receive(on: scheduler).subscribe(subscriber)
        // When
        upstream.send(1)
        subscriber.cancel()
        upstream.send(completion: .failure(TestError("boom")))
        scheduler.advance()
        // Then
        #expect(subscriber.history + upstream.history == ["subscription", "subscribe", "request(unlimited)", "cancel"])
    }
}
