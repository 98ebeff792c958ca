#if !canImport(Darwin)

import Foundation

/// The clock arithmetic shared by `RunLoop.SchedulerTimeType` and `OperationQueue.SchedulerTimeType`: a `Date`
/// with strides in seconds. Not meant for conformance outside CombineCompat.
public protocol _DateSchedulerTime: Strideable, Codable, Hashable
where
    Stride: _SchedulerStride,
    Stride._Storage == TimeInterval
{
    /// The date represented by this type.
    var date: Date { get set }

    /// Creates a scheduler time from a date.
    init(_ date: Date)
}

extension _DateSchedulerTime {
    /// Returns the distance to another scheduler time, in seconds.
    public func distance(to other: Self) -> Stride {
        Stride(_magnitude: other.date.timeIntervalSince(date))
    }

    /// Returns a scheduler time calculated by advancing this instance's time by the given interval.
    public func advanced(by n: Stride) -> Self {
        Self(date.addingTimeInterval(n.magnitude))
    }
}

extension _SchedulerStride where _Storage == TimeInterval {
    /// The value of this time interval in seconds.
    public var timeInterval: TimeInterval { magnitude }

    /// Creates a time interval from the given number of seconds.
    public init(_ timeInterval: TimeInterval) { self.init(_magnitude: timeInterval) }
}

extension _VirtualTimeMapping {
    /// The current date, virtual while a redirect target is installed.
    static func now(realDate: () -> Date) -> Date {
        if let target = SchedulerRedirection.current {
            return date(nanoseconds: target.nowNanoseconds, origin: target.wallClockOrigin)
        }
        return realDate()
    }

    /// Schedules on the redirect target if one is installed; returns false when the caller must run for real.
    static func redirect(_ action: @escaping () -> Void) -> Bool {
        guard let target = SchedulerRedirection.current else { return false }
        target.schedule(action)
        return true
    }

    /// Schedules at `date` on the redirect target if one is installed; returns false when the caller must run for
    /// real.
    static func redirect(after date: Date, _ action: @escaping () -> Void) -> Bool {
        guard let target = SchedulerRedirection.current else { return false }
        target.schedule(atNanoseconds: nanoseconds(date, origin: target.wallClockOrigin), action)
        return true
    }

    /// Schedules a repetition on the redirect target if one is installed; returns nil when the caller must run
    /// for real.
    static func redirect(after date: Date, every seconds: TimeInterval, _ action: @escaping () -> Void)
        -> Cancellable?
    {
        guard let target = SchedulerRedirection.current else { return nil }
        return target.schedule(
            atNanoseconds: nanoseconds(date, origin: target.wallClockOrigin),
            everyNanoseconds: interval(seconds: seconds),
            action)
    }
}

#endif
