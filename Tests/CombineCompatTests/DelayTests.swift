import CombineCompat
import Testing

/// Evidence: Apple's documentation of `delay(for:tolerance:scheduler:options:)` ("Delays delivery of all output to
/// the downstream receiver by a specified amount of time") and the OpenCombine suite, whose compatibility mode runs
/// against Apple's Combine (DelayTests: the subscription, too, reaches the subscriber through the scheduler, by a
/// closure that does not keep the operator alive; a completion before it arrives without it).
@Suite struct DelayTests {
    @Test func shiftsValuesAndCompletionByTheIntervalAndPassesDemandThrough() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let recorder = TimedRecorder<Int, Never>(scheduler: scheduler, initialDemand: .max(2), demandPerValue: .max(1))
        upstream.delay(for: .milliseconds(250), scheduler: scheduler).subscribe(recorder)
        // When
        upstream.send(1)
        scheduler.advance(by: .milliseconds(100))
        upstream.send(2)
        scheduler.advance(by: .milliseconds(300))
        upstream.send(completion: .finished)
        scheduler.advance(by: .seconds(1))
        // Then
        #expect(
            recorder.history + upstream.history == [
                "subscription@0ms", "value(1)@250ms", "value(2)@350ms", "finished@650ms",
                "subscribe", "request(max(2))", "request(max(1))", "request(max(1))",
            ])
    }

    @Test func delaysFailureAndCancelStopsDeliveries() {
        // Given
        let scheduler = TestScheduler()
        let failing = TestPublisher<Int, TestError>()
        let failed = TimedRecorder<Int, TestError>(scheduler: scheduler)
        failing.delay(for: .milliseconds(10), scheduler: scheduler).subscribe(failed)
        let cancelled = TestPublisher<Int, TestError>()
        let cancelling = TimedRecorder<Int, TestError>(scheduler: scheduler)
        cancelled.delay(for: .milliseconds(10), scheduler: scheduler).subscribe(cancelling)
        scheduler.advance()
        // When
        failing.send(completion: .failure(TestError("boom")))
        cancelled.send(7)
        cancelling.cancel()
        scheduler.advance(by: .milliseconds(20))
        // Then
        #expect(
            failed.history + cancelling.history + cancelled.history == [
                "subscription@0ms", "failure(boom)@10ms", "subscription@0ms",
                "subscribe", "request(unlimited)", "cancel",
            ])
    }

    @Test func theSubscriptionGoesThroughTheSchedulerAndACompletionBeforeItArrivesAlone() {
        // Given (testBasicBehavior, testReceiveCompletionImmediatelyAfterSubscription)
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, TestError>()
        let waiting = TestSubscriber<Int, TestError>()
        upstream.delay(for: .milliseconds(10), scheduler: scheduler).subscribe(waiting)
        let beforeTheScheduler = waiting.history
        let failing = TestPublisher<Int, TestError>()
        let failed = TestSubscriber<Int, TestError>()
        failing.delay(for: .milliseconds(10), scheduler: scheduler).subscribe(failed)
        // When the second upstream fails before the scheduler runs
        failing.send(completion: .failure(TestError("oops")))
        scheduler.advance(by: .milliseconds(20))
        // Then
        #expect(beforeTheScheduler == [])
        #expect(waiting.history == ["subscription"])
        #expect(failed.history == ["failure(oops)"])
        #expect(scheduler.log == ["schedule@0ms", "schedule@0ms", "after(10ms)@0ms"])
    }

    @Test func aCancelWhileTheCompletionIsOnItsWayReachesUpstreamAndARequestStillGoesUp() {
        // Given a finished upstream whose completion is still being delayed (TimeoutTests
        // .testCancelWhileCompletionIsInFlight* for the same machinery)
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.delay(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance()
        upstream.send(completion: .finished)
        // When the subscriber requests, then cancels before the completion arrives
        subscriber.request(.max(3))
        subscriber.cancel()
        scheduler.advance(by: .milliseconds(20))
        // Then
        #expect(upstream.history == ["subscribe", "request(max(1))", "request(max(3))", "cancel"])
        #expect(subscriber.history == ["subscription"])
    }

    @Test func theSubscriptionHopDoesNotKeepTheSubscriberAlive() {
        // Given an upstream that lets go of its subscriber before the scheduler runs
        // (ReceiveOnTests.testWeakCaptureWhenSchedulingSubscription)
        let scheduler = TestScheduler()
        weak var released: TestSubscriber<Int, Never>?
        do {
            let upstream = ManualUpstream<Int, Never>()
            let subscriber = TestSubscriber<Int, Never>()
            upstream.delay(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)
            upstream.send(subscription: LoggedSubscription())
            released = subscriber
        }
        // Then the subscriber went with the upstream, and the scheduler has nothing to deliver
        #expect(released == nil)
        scheduler.advance()
    }
}
