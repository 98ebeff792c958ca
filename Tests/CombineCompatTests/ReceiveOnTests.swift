import CombineCompat
import Testing

/// Evidence: Apple's documentation of `receive(on:options:)` ("Specifies the scheduler on which to receive elements
/// from the publisher") and the OpenCombine suite, whose compatibility mode runs against Apple's Combine
/// (ReceiveOnTests.testBasicBehavior: the subscription, too, reaches the subscriber through the scheduler;
/// testReceiveCompletionImmediatelyAfterValue: the demand of a value delivered after upstream finished is not
/// passed up; testWeakCaptureWhenScheduling*).
@Suite struct ReceiveOnTests {
    @Test func deliversTheSubscriptionValuesAndCompletionThroughTheSchedulerInOrder() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        upstream.receive(on: scheduler).subscribe(subscriber)
        let beforeRun = subscriber.history
        scheduler.advance()
        // When
        upstream.send(1)
        upstream.send(2)
        let beforeValues = subscriber.history
        scheduler.advance()
        upstream.send(3)
        upstream.send(completion: .finished)
        scheduler.advance()
        // Then the demand of the value delivered after upstream finished stayed downstream
        #expect(beforeRun == [])
        #expect(beforeValues == ["subscription"])
        #expect(
            subscriber.history + upstream.history + scheduler.log == [
                "subscription", "value(1)", "value(2)", "value(3)", "finished",
                "subscribe", "request(max(1))", "request(max(1))", "request(max(1))",
                "schedule@0ms", "schedule@0ms", "schedule@0ms", "schedule@0ms", "schedule@0ms",
            ])
    }

    @Test func cancelBeforeTheHopDropsQueuedDeliveriesAndCancelsUpstream() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        upstream.receive(on: scheduler).subscribe(subscriber)
        scheduler.advance()
        // When
        upstream.send(1)
        subscriber.cancel()
        upstream.send(completion: .failure(TestError("boom")))
        scheduler.advance()
        // Then
        #expect(subscriber.history + upstream.history == ["subscription", "subscribe", "request(unlimited)", "cancel"])
    }
}
