import CombineCompat
import Testing

@Suite struct DebounceTests {
    @Test func publishesLatestValueAfterQuietPeriodAndDropsPendingValueOnFinish() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let recorder = TimedRecorder<Int, Never>(scheduler: scheduler)
        upstream.debounce(for: .milliseconds(300), scheduler: scheduler).subscribe(recorder)
        // When
        upstream.send(1)
        scheduler.advance(by: .milliseconds(100))
        upstream.send(2)
        scheduler.advance(by: .milliseconds(299))
        upstream.send(3)
        scheduler.advance(by: .milliseconds(300))
        upstream.send(4)
        upstream.send(completion: .finished)
        scheduler.advance(by: .seconds(1))
        // Then
        #expect(
            recorder.history + upstream.history == [
                "subscription@0ms", "value(3)@699ms", "finished@699ms", "subscribe", "request(unlimited)",
            ])
    }

    @Test func dropsValueDueWithoutDemandAndForwardsFailure() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, TestError>()
        let recorder = TimedRecorder<Int, TestError>(scheduler: scheduler, initialDemand: .max(1))
        upstream.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(recorder)
        // When
        upstream.send(1)
        scheduler.advance(by: .milliseconds(10))
        upstream.send(2)
        scheduler.advance(by: .milliseconds(10))
        recorder.request(.max(1))
        upstream.send(3)
        upstream.send(completion: .failure(TestError("boom")))
        upstream.send(4)
        scheduler.advance(by: .milliseconds(10))
        // Then
        #expect(
            recorder.history + upstream.history == [
                "subscription@0ms", "value(1)@10ms", "failure(boom)@20ms", "subscribe", "request(unlimited)",
            ])
    }

    @Test func cancellingMidStreamStopsDeliveryAndCancelsUpstream() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let recorder = TimedRecorder<Int, Never>(scheduler: scheduler)
        upstream.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(recorder)
        // When
        upstream.send(1)
        scheduler.advance(by: .milliseconds(5))
        recorder.cancel()
        upstream.send(2)
        scheduler.advance(by: .milliseconds(50))
        // Then
        #expect(
            recorder.history + upstream.history == ["subscription@0ms", "subscribe", "request(unlimited)", "cancel"])
    }
}
