import CombineCompat
import Foundation
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
        #expect(scheduler.now.distance(to: scheduler.now.advanced(by: 3)) == 0)
        #expect("\(repeating)" == "Empty")
    }

    @Test func strideIsAWholeNumberOfItsOwnAndTimeConversionsAreZero() throws {
        // Given Combine's immediate-scheduler stride (the OpenCombine suite, whose compatibility mode runs against
        // Apple's Combine, in ImmediateSchedulerTests.testSchedulerTimeType)
        typealias Stride = ImmediateScheduler.SchedulerTimeType.Stride
        // When
        let literals = [Stride(14) == 14, Stride(14) == 14.6, Stride(-4) == -4.1, Stride(-10) < Stride(2)]
        let arithmetic = [Stride(-4) * Stride(5), Stride(-4) + Stride(5), Stride(10) - Stride(3)]
        let conversions = [
            Stride.seconds(1.2), .seconds(1100), .milliseconds(123), .microseconds(51), .nanoseconds(23),
        ]
        let encoded = String(decoding: try JSONEncoder().encode(["value": Stride(-42)]), as: UTF8.self)
        // Then
        #expect(
            literals == [true, true, true, true] && arithmetic == [-20, 1, 7] && conversions == [0, 0, 0, 0, 0]
                && encoded == #"{"value":{"magnitude":-42}}"#)
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
