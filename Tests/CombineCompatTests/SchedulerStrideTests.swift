import CombineCompat
import Dispatch
import Foundation
import Testing

@Suite struct SchedulerStrideTests {
    @Test func dispatchQueueStrideIsNanosecondsAndLiteralsAreSeconds() {
        typealias Stride = DispatchQueue.SchedulerTimeType.Stride
        let strides: [Stride] = [
            .seconds(2), .seconds(0.5), .milliseconds(300), .microseconds(7), .nanoseconds(9), 1, 0.25,
            Stride(.milliseconds(4)), .milliseconds(300) + .milliseconds(200), .seconds(1) - .milliseconds(1),
        ]
        #expect(
            strides.map(\.magnitude) == [
                2_000_000_000, 500_000_000, 300_000_000, 7_000, 9, 1_000_000_000, 250_000_000, 4_000_000,
                500_000_000, 999_000_000,
            ])
        #expect(Stride.milliseconds(Int.max).magnitude == Int.max)
        #expect(Stride.milliseconds(1) < Stride.milliseconds(2))
    }

    @Test func dispatchQueueTimeAdvancesAndMeasuresDistanceSaturating() {
        let start = DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1_000))
        let later = start.advanced(by: .nanoseconds(500))
        let clamped = start.advanced(by: .nanoseconds(-5_000))
        #expect(
            [later.dispatchTime.uptimeNanoseconds, clamped.dispatchTime.uptimeNanoseconds] == [1_500, 0])
        let distances: [Int] = [start.distance(to: later).magnitude, later.distance(to: start).magnitude]
        #expect(distances == [500, -500])
    }

    @Test func runLoopAndOperationQueueStridesAreSeconds() {
        let runLoop: [RunLoop.SchedulerTimeType.Stride] = [.milliseconds(300), .seconds(2), 0.5, .nanoseconds(1_000)]
        let operationQueue: [OperationQueue.SchedulerTimeType.Stride] = [.microseconds(250), 3]
        #expect(runLoop.map(\.timeInterval) + operationQueue.map(\.magnitude) == [0.3, 2, 0.5, 0.000001, 0.00025, 3])
        let start = RunLoop.SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 10))
        #expect(start.advanced(by: .seconds(5)).date == Date(timeIntervalSinceReferenceDate: 15))
        #expect(start.distance(to: start.advanced(by: 1.5)) == 1.5)
    }

    @Test func runLoopAndOperationQueueStridesKeepTheirMagnitudeAtLargeValues() {
        // Given counts whose nanoseconds do not fit in an Int (Combine's RunLoop and OperationQueue strides are a
        // `TimeInterval` of seconds, so `.milliseconds(n)` is n / 1 000 seconds, whatever n)
        let large = Int.max / 1_000
        let runLoop: [RunLoop.SchedulerTimeType.Stride] = [.milliseconds(large), .microseconds(Int.max)]
        let operationQueue: [OperationQueue.SchedulerTimeType.Stride] = [.milliseconds(large), .microseconds(Int.max)]
        // Then each is the count divided once, not a saturated nanosecond count
        let expected = [Double(large) / 1_000, Double(Int.max) / 1_000_000]
        #expect(runLoop.map(\.magnitude) == expected && operationQueue.map(\.magnitude) == expected)
    }

    @Test func timesAndStridesRoundTripThroughCodable() throws {
        let time = DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 42))
        let data = try JSONEncoder().encode([time])
        let decoded = try JSONDecoder().decode([DispatchQueue.SchedulerTimeType].self, from: data)
        let stride = try JSONDecoder().decode(
            [RunLoop.SchedulerTimeType.Stride].self, from: JSONEncoder().encode([RunLoop.SchedulerTimeType.Stride(2)]))
        #expect(decoded == [time])
        #expect(stride == [2])
    }
}
