import CombineCompat
import Testing

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
}
