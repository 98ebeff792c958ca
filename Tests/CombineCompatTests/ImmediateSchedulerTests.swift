import CombineCompat
import Testing

@Suite struct ImmediateSchedulerTests {
    @Test func runsEveryActionSynchronouslyAndTimeNeverAdvances() {
        // Given
        let scheduler = ImmediateScheduler.shared
        var log: [String] = []
        // When
        scheduler.schedule { log.append("now") }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(10))) { log.append("after") }
        let repeating = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { log.append("repeat") }
        repeating.cancel()
        log.append("returned")
        // Then
        #expect(log == ["now", "after", "repeat", "returned"])
        #expect(scheduler.now.distance(to: scheduler.now.advanced(by: .seconds(3))) == .nanoseconds(0))
        #expect(ImmediateScheduler.SchedulerTimeType.Stride.milliseconds(2).magnitude == 2_000_000)
    }

    @Test func receiveOnImmediateDeliversInline() {
        // Given
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.receive(on: ImmediateScheduler.shared).subscribe(subscriber)
        // When
        upstream.send(1)
        upstream.send(completion: .finished)
        // Then
        #expect(subscriber.history == ["subscription", "value(1)", "finished"])
    }
}
