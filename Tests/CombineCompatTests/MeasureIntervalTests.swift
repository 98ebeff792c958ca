import CombineCompat
import Testing

/// `measureInterval(using:options:)`. Evidence: Apple's documentation ("Measures and emits the time interval
/// between events received from an upstream publisher", its example printing one stride per timer tick) and
/// published compatibility tests run against Apple's Combine: the first interval counts from the subscription
/// (the scheduler's `now` is read then), and the demand a subscriber returns is requested from upstream rather
/// than returned.
@Suite struct MeasureIntervalTests {
    @Test func emitsTheTimeSinceThePreviousEventAndRequestsTheReturnedDemand() {
        // Given a subscription at 5ms, and a subscriber that asks for one more value each time
        let scheduler = TestScheduler()
        scheduler.advance(by: .milliseconds(5))
        let upstream = TestPublisher<String, TestError>()
        let subscriber = TestSubscriber<TestScheduler.SchedulerTimeType.Stride, TestError>(
            initialDemand: .max(1), demandPerValue: .max(1))
        upstream.measureInterval(using: scheduler).subscribe(subscriber)
        // When values arrive at 15ms, 15ms and 45ms, then upstream fails
        scheduler.advance(by: .milliseconds(10))
        let returned = upstream.send("a") + upstream.send("b")
        scheduler.advance(by: .milliseconds(30))
        _ = upstream.send("c")
        upstream.send(completion: .failure(TestError("boom")))
        // Then each interval is measured from the previous event, and demand went upstream as requests
        #expect(subscriber.values.map { $0.magnitude / 1_000_000 } == [10, 0, 30])
        #expect(subscriber.history.last == "failure(boom)" && returned == [.none, .none])
        #expect(
            upstream.history == [
                "subscribe", "request(max(1))", "request(max(1))", "request(max(1))", "request(max(1))",
            ]
        )
    }
}
