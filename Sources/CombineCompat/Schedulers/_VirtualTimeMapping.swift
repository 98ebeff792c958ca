#if !canImport(Darwin)

import Dispatch
import Foundation

/// How the real-time schedulers translate between their clocks and a redirect target's virtual nanoseconds.
///
/// - `DispatchTime`: virtual instant `v` is `DispatchTime(uptimeNanoseconds: v + dispatchOrigin)`. The offset
///   exists because libdispatch reads an uptime of 0 as "now", which would make virtual instant 0 ambiguous.
/// - `Date`: virtual instant `v` is `Date(timeIntervalSinceReferenceDate: v / 1e9)` (2001-01-01 00:00:00 UTC
///   plus `v`), so timestamps are identical on every run.
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

    static func date(nanoseconds: Int64) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(nanoseconds) / 1_000_000_000)
    }

    static func nanoseconds(_ date: Date) -> Int64 {
        let nanoseconds = (date.timeIntervalSinceReferenceDate * 1_000_000_000).rounded()
        if !(nanoseconds > 0) { return 0 }
        return nanoseconds >= Double(Int64.max) ? .max : Int64(nanoseconds)
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
