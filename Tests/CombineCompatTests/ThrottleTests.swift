import CombineCompat
import Testing

@Suite struct ThrottleTests {
    /// Sends `values` at the given virtual milliseconds, then finishes at `finishAt`.
    private func run(latest: Bool, finishAt: Int) -> [String] {
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let recorder = TimedRecorder<Int, Never>(scheduler: scheduler)
        upstream.throttle(for: .milliseconds(500), scheduler: scheduler, latest: latest).subscribe(recorder)
        for (value, at) in [(1, 0), (2, 100), (3, 200), (4, 1_200), (5, 1_300)] {
            scheduler.advance(to: at * 1_000_000)
            upstream.send(value)
        }
        scheduler.advance(to: finishAt * 1_000_000)
        upstream.send(completion: .finished)
        scheduler.advance(by: .seconds(5))
        return recorder.history + upstream.history
    }

    @Test func latestPublishesFirstValueAtOnceThenTheMostRecentPerWindowAndFlushesOnFinish() {
        #expect(
            run(latest: true, finishAt: 1_400) == [
                "subscription@0ms", "value(1)@0ms", "value(3)@500ms", "value(4)@1200ms", "value(5)@1400ms",
                "finished@1400ms", "subscribe", "request(unlimited)",
            ])
    }

    @Test func firstPublishesTheFirstValueOfEachWindow() {
        #expect(
            run(latest: false, finishAt: 2_000) == [
                "subscription@0ms", "value(1)@0ms", "value(2)@500ms", "value(4)@1200ms", "value(5)@1700ms",
                "finished@2000ms", "subscribe", "request(unlimited)",
            ])
    }

    @Test func failureDiscardsPendingValueAndNoDemandDropsValues() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, TestError>()
        let recorder = TimedRecorder<Int, TestError>(scheduler: scheduler, initialDemand: nil)
        upstream.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true).subscribe(recorder)
        // When
        upstream.send(1)
        scheduler.advance(by: .milliseconds(100))
        recorder.request(.max(1))
        upstream.send(2)
        scheduler.advance(by: .milliseconds(10))
        upstream.send(3)
        upstream.send(completion: .failure(TestError("boom")))
        scheduler.advance(by: .milliseconds(200))
        // Then
        #expect(
            recorder.history + upstream.history == [
                "subscription@0ms", "value(2)@100ms", "failure(boom)@110ms", "subscribe", "request(unlimited)",
            ])
    }

    @Test func cancelStopsPendingPublication() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let recorder = TimedRecorder<Int, Never>(scheduler: scheduler)
        upstream.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true).subscribe(recorder)
        // When
        upstream.send(1)
        upstream.send(2)
        scheduler.advance(by: .milliseconds(10))
        recorder.cancel()
        scheduler.advance(by: .milliseconds(200))
        // Then
        #expect(
            recorder.history + upstream.history == [
                "subscription@0ms", "value(1)@0ms", "subscribe", "request(unlimited)", "cancel",
            ])
    }
}
