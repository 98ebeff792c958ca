#if !canImport(Darwin)

import Dispatch
import Foundation

/// How the real-time schedulers translate between their clocks and a redirect target's virtual nanoseconds.
///
/// - `DispatchTime`: virtual instant `v` is `DispatchTime(uptimeNanoseconds: v + dispatchOrigin)`. The offset
///   exists because libdispatch reads an uptime of 0 as "now", which would make virtual instant 0 ambiguous.
/// - `Date`: virtual instant `v` is the target's `wallClockOrigin` plus `v`, so timestamps are identical on every
///   run and agree with `Date()` inside a scenario. A `Date` holds seconds in a `Double` (about 0.1µs of precision
///   around 2026), so dates convert back to whole microseconds: deadlines finer than a microsecond are rounded.
///
/// Dates before the origin map to virtual instant 0 (the target treats a past deadline as "now").
enum _VirtualTimeMapping {
    /// The uptime that stands for virtual instant 0.
    static let dispatchOrigin: UInt64 = 1_000_000_000

    static func dispatchTime(nanoseconds: Int64) -> DispatchTime {
        let (uptime, overflow) = UInt64(max(0, nanoseconds)).addingReportingOverflow(dispatchOrigin)
        return DispatchTime(uptimeNanoseconds: overflow ? .max : uptime)
    }

    static func nanoseconds(_ time: DispatchTime) -> Int64 {
        time.uptimeNanoseconds > dispatchOrigin ? Int64(clamping: time.uptimeNanoseconds - dispatchOrigin) : 0
    }

    static func date(nanoseconds: Int64, origin: Date) -> Date {
        origin.addingTimeInterval(Double(nanoseconds) / 1_000_000_000)
    }

    static func nanoseconds(_ date: Date, origin: Date) -> Int64 {
        let microseconds = (date.timeIntervalSince(origin) * 1_000_000).rounded()
        if !(microseconds > 0) { return 0 }
        return microseconds >= Double(Int64.max / 1_000) ? .max : Int64(microseconds) * 1_000
    }

    /// A stride of nanoseconds as a non-negative repeat interval.
    static func interval(nanoseconds: Int) -> Int64 { Int64(max(0, nanoseconds)) }

    /// A stride of seconds as a non-negative repeat interval in nanoseconds.
    static func interval(seconds: Double) -> Int64 {
        interval(nanoseconds: Int(saturating: seconds * 1_000_000_000))
    }
}

/// Carries a non-`Sendable` closure across a thread hop. Scheduler contracts already say the action runs
/// elsewhere; callers of `schedule` accept that, exactly as with Apple's Combine.
struct _SendableAction: @unchecked Sendable {
    let run: () -> Void
}

#endif
