import CombineCompat
import Foundation
import Testing

extension SchedulerRedirectionTests {
    /// `Timer.publish(every:tolerance:on:in:options:)`. Evidence: Apple's documentation ("Returns a publisher that
    /// repeatedly emits the current date on the given interval"; `Timer.TimerPublisher` is a
    /// `ConnectablePublisher` that starts at `connect()`) and Combine's contract that a publisher sends no more
    /// values than demanded: a tick without demand is dropped. The run loop is redirected onto a test timeline,
    /// as a scenario redirects it onto the virtual one.
    @Suite struct TimerPublisherTests {
        @Test func ticksStartAtConnectAndCarryTheRunLoopsDate() throws {
            // Given a redirected run loop at 500ms and a timer publisher with one subscriber
            let timeline = TestScheduler()
            try SchedulerRedirection.install(timeline)
            defer { SchedulerRedirection.remove(timeline) }
            timeline.advance(by: .milliseconds(500))
            let timer = Timer.publish(every: 0.25, on: .main, in: .default)
            let recorder = TimedRecorder<Date, Never>(scheduler: timeline)
            timer.subscribe(recorder)
            // When it is connected at 1s, runs for 0.6s, then is disconnected
            timeline.advance(by: .milliseconds(500))
            let connection = timer.connect()
            timeline.advance(by: .milliseconds(600))
            connection.cancel()
            timeline.advance(by: .seconds(2))
            // Then it ticked every 250ms after the connection, each tick carrying the run loop's date
            #expect(
                recorder.history == [
                    "subscription@500ms", "value(2001-01-01 00:00:01 +0000)@1250ms",
                    "value(2001-01-01 00:00:01 +0000)@1500ms",
                ])
        }

        @Test func autoconnectTicksAsFarAsDemandGoes() throws {
            // Given a subscriber that asks for two ticks
            let timeline = TestScheduler()
            try SchedulerRedirection.install(timeline)
            defer { SchedulerRedirection.remove(timeline) }
            let recorder = TimedRecorder<Date, Never>(scheduler: timeline, initialDemand: .max(2))
            Timer.publish(every: 1, on: .main, in: .common).autoconnect().subscribe(recorder)
            // When five seconds pass and it asks for one more at 5s
            timeline.advance(by: .seconds(5))
            recorder.request(.max(1))
            timeline.advance(by: .seconds(1))
            recorder.cancel()
            timeline.advance(by: .seconds(3))
            // Then ticks 3s to 5s were dropped, and the 6s tick came after the new request
            #expect(
                recorder.history.map { $0.replacingOccurrences(of: "2001-01-01 00:00:0", with: "") } == [
                    "subscription@0ms", "value(1 +0000)@1000ms", "value(2 +0000)@2000ms", "value(6 +0000)@6000ms",
                ])
        }
    }
}
