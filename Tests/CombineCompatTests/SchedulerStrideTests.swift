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
        // Before the first nanosecond of uptime is uptime 1, as in Combine (DispatchQueueStrideTests below)
        #expect(
            [later.dispatchTime.uptimeNanoseconds, clamped.dispatchTime.uptimeNanoseconds] == [1_500, 1])
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

/// `DispatchQueue.SchedulerTimeType` and its `Stride` as Combine's. Evidence: the OpenCombine suite, whose
/// compatibility mode runs against Apple's Combine (DispatchQueueSchedulerTests: testStrideCodable,
/// testStrideMultiplication, testSchedulerTimeTypeDistance, testSchedulerTimeTypeAdvanced,
/// testSchedulerTimeTypeCodable).
@Suite struct DispatchQueueStrideTests {
    typealias Time = DispatchQueue.SchedulerTimeType
    typealias Stride = DispatchQueue.SchedulerTimeType.Stride

    private struct Keyed<Value: Codable & Equatable>: Codable, Equatable {
        let value: Value
    }

    @Test func aStrideIsCodedAsNanosecondsUnderItsKeyAndATimeAsItsUptime() throws {
        let stride = Keyed(value: Stride.nanoseconds(419_872))
        let time = Keyed(value: Time(DispatchTime(uptimeNanoseconds: 42)))
        let encodedStride = String(decoding: try JSONEncoder().encode(stride), as: UTF8.self)
        let encodedTime = String(decoding: try JSONEncoder().encode(time), as: UTF8.self)
        #expect(encodedStride == #"{"value":{"_nanoseconds":419872}}"#)
        #expect(encodedTime == #"{"value":42}"#)
        #expect(try JSONDecoder().decode(Keyed<Stride>.self, from: Data(encodedStride.utf8)) == stride)
        #expect(try JSONDecoder().decode(Keyed<Time>.self, from: Data(encodedTime.utf8)) == time)
    }

    @Test func multiplyingStridesMultipliesTheirSeconds() {
        var product = Stride.nanoseconds(61_346)
        product *= .nanoseconds(0)
        let products: [Stride] = [
            Stride.nanoseconds(18) * .nanoseconds(1), Stride.nanoseconds(18) * .microseconds(1),
            Stride.nanoseconds(15) * .nanoseconds(2), Stride.microseconds(-3) * .nanoseconds(10), product,
            Stride.seconds(2) * .seconds(3), Stride.milliseconds(500) * .seconds(4),
        ]
        let magnitudes: [Int] = products.map(\.magnitude)
        #expect(magnitudes == [0, 0, 0, 0, 0, 6_000_000_000, 2_000_000_000])
    }

    @Test func distancesSaturateNearTheDistantFuture() {
        let time1 = Time(DispatchTime(uptimeNanoseconds: 10_000))
        let time2 = Time(DispatchTime(uptimeNanoseconds: 10_431))
        let distantFuture = Time(.distantFuture)
        let almostDistantFuture = Time(
            DispatchTime(uptimeNanoseconds: DispatchTime.distantFuture.uptimeNanoseconds - 1024))
        let intMax = Time(DispatchTime(uptimeNanoseconds: UInt64(Int.max)))
        let distances: [Int] = [
            time1.distance(to: time2), time2.distance(to: time1), time1.distance(to: distantFuture),
            distantFuture.distance(to: time1), almostDistantFuture.distance(to: time2), time1.distance(to: intMax),
            intMax.distance(to: time1), distantFuture.distance(to: distantFuture),
        ].map(\.magnitude)
        #expect(distances == [431, -431, Int.max, Int.max, Int.max, Int.max - 10_000, -(Int.max - 10_000), 0])
    }

    @Test func advancingSaturatesAtTheDistantFutureAndAtTheFirstNanosecond() {
        let time = Time(DispatchTime(uptimeNanoseconds: 10_000))
        #expect(
            [
                time.advanced(by: .nanoseconds(431)).dispatchTime.uptimeNanoseconds,
                time.advanced(by: .nanoseconds(-220)).dispatchTime.uptimeNanoseconds,
                time.advanced(by: .nanoseconds(.max)).dispatchTime.uptimeNanoseconds,
                Time(DispatchTime(uptimeNanoseconds: 1)).advanced(by: .nanoseconds(-1000)).dispatchTime
                    .uptimeNanoseconds,
            ] == [10_431, 9_780, DispatchTime.distantFuture.uptimeNanoseconds, 1])
    }
}
