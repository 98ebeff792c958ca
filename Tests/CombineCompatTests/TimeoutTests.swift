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
