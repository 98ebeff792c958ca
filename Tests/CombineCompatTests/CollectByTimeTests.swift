import CombineCompat
import Testing

/// `collect(_:options:)` with `.byTime` and `.byTimeOrCount`. Evidence: Apple's documentation ("Collects elements by
/// a given time-grouping strategy, and emits a single array of the collection"; `byTime` "collects and
/// periodically publishes items", `byTimeOrCount` "collects and publishes items periodically or when a buffer
/// reaches a maximum size"; its example prints an array of timer dates every five seconds). Not established from
/// the public record, and chosen here: an interval without elements publishes nothing, and a count-triggered
/// array starts a new interval.
@Suite struct CollectByTimeTests {
    @Test func byTimePublishesWhatArrivedInEachInterval() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let recorder = TimedRecorder<[Int], Never>(scheduler: scheduler)
        upstream.collect(.byTime(scheduler, .milliseconds(100))).subscribe(recorder)
        // When values arrive at 10ms, 20ms and 250ms, and upstream finishes at 260ms
        scheduler.advance(by: .milliseconds(10))
        upstream.send(1)
        scheduler.advance(by: .milliseconds(10))
        upstream.send(2)
        scheduler.advance(by: .milliseconds(230))
        upstream.send(3)
        scheduler.advance(by: .milliseconds(10))
        upstream.send(completion: .finished)
        scheduler.advance(by: .seconds(1))
        // Then the 100ms–200ms interval published nothing, and the last array came before finished
        #expect(
            recorder.history + upstream.history == [
                "subscription@0ms", "value([1, 2])@100ms", "value([3])@260ms", "finished@260ms", "subscribe",
                "request(unlimited)",
            ])
    }

    @Test func byTimeOrCountPublishesAFullArrayAtOnceAndRestartsTheInterval() {
        // Given
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, TestError>()
        let recorder = TimedRecorder<[Int], TestError>(scheduler: scheduler)
        upstream.collect(.byTimeOrCount(scheduler, .milliseconds(100), 2)).subscribe(recorder)
        // When two values arrive at 50ms, one at 120ms, 4 at 220ms, then upstream fails at 240ms
        scheduler.advance(by: .milliseconds(50))
        upstream.send(1)
        upstream.send(2)
        scheduler.advance(by: .milliseconds(70))
        upstream.send(3)
        scheduler.advance(by: .milliseconds(100))
        upstream.send(4)
        scheduler.advance(by: .milliseconds(20))
        upstream.send(completion: .failure(TestError("boom")))
        // Then the full array came at 50ms, the next interval ended at 150ms, and the failure dropped [4]
        #expect(
            recorder.history == [
                "subscription@0ms", "value([1, 2])@50ms", "value([3])@150ms", "failure(boom)@240ms",
            ])
    }

    @Test func anArrayWaitsForDemand() {
        let scheduler = TestScheduler()
        let upstream = TestPublisher<Int, Never>()
        let recorder = TimedRecorder<[Int], Never>(scheduler: scheduler, initialDemand: nil)
        upstream.collect(.byTime(scheduler, .milliseconds(100))).subscribe(recorder)
        upstream.send(1)
        scheduler.advance(by: .milliseconds(150))
        recorder.request(.max(1))
        #expect(recorder.history == ["subscription@0ms", "value([1])@150ms"])
    }
}
