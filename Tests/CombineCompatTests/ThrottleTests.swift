import CombineCompat
import Testing

// Throttle's timing as Apple's Combine runs it, from the OpenCombine suite (whose compatibility mode runs the same
// assertions against Apple's Combine), ThrottleTests: testBasicBehavior (a burst before the first publication runs
// publishes only its most recent value; a completion follows a pending publication), testThrottleDemand (`latest:
// false` publishes the first value; values without demand are not published), testThrottleGap (the next
// publication is due `interval` after the last one, or at once when that has passed) and
// testReceiveCompletionImmediatelyAfterSubscription (a completion with nothing pending is scheduled at once).
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

    @Test func latestPublishesTheMostRecentValueOfEachIntervalAndTheFinishFollowsThePendingOne() {
        #expect(
            run(latest: true, finishAt: 1_400) == [
                "subscription@0ms", "value(1)@0ms", "value(3)@500ms", "value(4)@1200ms", "value(5)@1700ms",
                "finished@1700ms", "subscribe", "request(unlimited)",
            ])
    }

    @Test func aBurstBeforeTheFirstPublicationPublishesItsLatestOrFirstValueOnce() {
        for latest in [true, false] {
            // Given a throttle whose first publication has been scheduled but has not run yet
            let scheduler = TestScheduler()
            let upstream = TestPublisher<Int, Never>()
            let recorder = TimedRecorder<Int, Never>(scheduler: scheduler)
            upstream.throttle(for: .milliseconds(500), scheduler: scheduler, latest: latest).subscribe(recorder)
            // When a burst arrives at 0 ms, then the clock runs on
            upstream.send(1)
            upstream.send(2)
            upstream.send(3)
            scheduler.advance(by: .seconds(1))
            // Then one value is published, at 0 ms, and nothing more was scheduled
            #expect(
                recorder.history + scheduler.log
                    == ["subscription@0ms", latest ? "value(3)@0ms" : "value(1)@0ms", "schedule@0ms"])
        }
    }

    @Test func theNextPublicationIsDueAnIntervalAfterTheLastOneOrAtOnceWhenThatHasPassed() {
        // Given a value published at 0 ms
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let recorder = TimedRecorder<Int, Never>(scheduler: scheduler)
        upstream.throttle(for: .milliseconds(60), scheduler: scheduler, latest: false).subscribe(recorder)
        upstream.send(0)
        scheduler.advance(to: 45_000_000)
        // When values arrive 45 ms after it, and 61 ms after the next one
        upstream.send(1)
        scheduler.advance(to: 121_000_000)
        upstream.send(2)
        scheduler.advance(by: .seconds(1))
        // Then the first waits for the interval to end (60 ms), the second goes at once (121 ms)
        #expect(
            recorder.history + scheduler.log == [
                "subscription@0ms", "value(0)@0ms", "value(1)@60ms", "value(2)@121ms",
                "schedule@0ms", "after(60ms)@45ms", "schedule@121ms",
            ])
    }

    @Test func firstPublishesTheFirstValueOfEachWindow() {
        #expect(
            run(latest: false, finishAt: 2_000) == [
                "subscription@0ms", "value(1)@0ms", "value(2)@500ms", "value(4)@1200ms", "value(5)@1700ms",
                "finished@2000ms", "subscribe", "request(unlimited)",
            ])
    }

    @Test func valuesWithoutDemandAreDroppedAndAFailureWithNothingPendingIsScheduledAtOnce() {
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
        // (the burst 1, 2 is published as its latest value, 2, at 0 ms; the cancel then stops everything)
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
                "subscription@0ms", "value(2)@0ms", "subscribe", "request(unlimited)", "cancel",
            ])
    }
}
