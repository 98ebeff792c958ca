import CombineCompat
import Testing

@Suite struct TimeoutTests {
    @Test func failsWithCustomErrorWhenNoValueArrivesWithinTheInterval() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, TestError>()
        let recorder = TimedRecorder<Int, TestError>(scheduler: scheduler)
        upstream.timeout(.milliseconds(100), scheduler: scheduler, customError: { TestError("timed out") })
            .subscribe(recorder)
        // When
        scheduler.advance(by: .milliseconds(60))
        upstream.send(1)
        scheduler.advance(by: .milliseconds(99))
        upstream.send(2)
        scheduler.advance(by: .milliseconds(500))
        upstream.send(3)
        scheduler.advance(by: .milliseconds(100))
        // Then
        #expect(
            recorder.history + upstream.history == [
                "subscription@0ms", "value(1)@60ms", "value(2)@159ms", "failure(timed out)@259ms",
                "subscribe", "request(unlimited)", "cancel",
            ])
    }

    @Test func finishesWithoutCustomErrorAndCompletionDisarmsTheTimer() {
        // Given
        let scheduler = TestScheduler()
        let silent = TestPublisher<Int, Never>()
        let timedOut = TimedRecorder<Int, Never>(scheduler: scheduler)
        silent.timeout(.milliseconds(100), scheduler: scheduler).subscribe(timedOut)
        let finishing = TestPublisher<Int, Never>()
        let finished = TimedRecorder<Int, Never>(scheduler: scheduler)
        finishing.timeout(.milliseconds(100), scheduler: scheduler).subscribe(finished)
        // When
        scheduler.advance(by: .milliseconds(50))
        finishing.send(completion: .finished)
        scheduler.advance(by: .milliseconds(200))
        // Then
        #expect(
            timedOut.history + silent.history + finished.history + finishing.history == [
                "subscription@0ms", "finished@100ms", "subscribe", "request(unlimited)", "cancel",
                "subscription@0ms", "finished@50ms", "subscribe", "request(unlimited)",
            ])
    }
}

/// Evidence: the OpenCombine suite, whose compatibility mode runs against Apple's Combine (TimeoutTests.testRequest*:
/// the subscriber's first request starts the timer again; testCancelWhileCompletionIsInFlight*).
@Suite struct TimeoutRequestTests {
    @Test func theFirstRequestStartsTheTimerAgain() {
        // Given a subscriber that asks for nothing at first
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        upstream.timeout(.milliseconds(13), scheduler: scheduler).subscribe(subscriber)
        // When it requests at 5ms, twice, and nothing comes
        scheduler.advance(by: .milliseconds(5))
        subscriber.request(.max(2))
        subscriber.request(.max(42))
        scheduler.advance(by: .milliseconds(10))
        let at15 = subscriber.history
        scheduler.advance(by: .milliseconds(10))
        // Then the timeout counts from the first request: it ends the stream at 18ms, not 13ms
        #expect(at15 == ["subscription"])
        #expect(subscriber.history == ["subscription", "finished"])
        #expect(upstream.history == ["subscribe", "request(max(2))", "request(max(42))", "cancel"])
        #expect(scheduler.log.filter { $0.hasPrefix("after") } == ["after(13ms)@0ms", "after(18ms)@5ms"])
    }

    @Test func aCancelWhileTheCompletionIsOnItsWayReachesUpstream() {
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.timeout(.milliseconds(13), scheduler: scheduler).subscribe(subscriber)
        upstream.send(completion: .finished)
        subscriber.cancel()
        scheduler.advance(by: .milliseconds(200))
        #expect(upstream.history == ["subscribe", "request(max(1))", "cancel"])
        #expect(subscriber.history == ["subscription"])
    }
}
