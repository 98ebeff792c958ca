/// Conversions between Swift `Duration` and the timeline's unsigned nanosecond instants, and the text form used
/// in reports (`"0ms"`, `"250ms"`, `"1.5s"`, `"1h0.5s"` — the units of scenario files).
enum VirtualDuration {
    /// `duration` in whole nanoseconds, clamped to `0...UInt64.max` (negative durations are "now").
    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        if seconds < 0 || (seconds == 0 && attoseconds < 0) { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .max }
        let (sum, overflowSum) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return overflowSum ? .max : sum
    }

    /// Signed nanoseconds of `duration`, saturating at the `Int64` range.
    static func signedNanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflowSum) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflowSum { return seconds < 0 ? .min : .max }
        return sum
    }

    /// `nanoseconds` as a `Duration`.
    static func duration(_ nanoseconds: UInt64) -> Duration {
        .seconds(Int64(nanoseconds / 1_000_000_000)) + .nanoseconds(Int64(nanoseconds % 1_000_000_000))
    }

    /// The report form of an instant or interval: `0ms`, `300ms`, `1.5s`, `2m`, `1h0.5s`, `1.25ms`, `15ns`.
    static func text(_ nanoseconds: UInt64) -> String {
        if nanoseconds == 0 { return "0ms" }
        if nanoseconds < 1_000_000 {
            return nanoseconds % 1_000 == 0 ? "\(nanoseconds / 1_000)us" : "\(nanoseconds)ns"
        }
        if nanoseconds < 1_000_000_000 {
            return decimal(nanoseconds, unit: 1_000_000) + "ms"
        }
        let totalSeconds = nanoseconds / 1_000_000_000
        let fraction = nanoseconds % 1_000_000_000
        var text = ""
        if totalSeconds >= 3600 { text += "\(totalSeconds / 3600)h" }
        if totalSeconds >= 60, (totalSeconds % 3600) / 60 != 0 { text += "\((totalSeconds % 3600) / 60)m" }
        let seconds = totalSeconds % 60
        if seconds != 0 || fraction != 0 {
            text += decimal(seconds * 1_000_000_000 + fraction, unit: 1_000_000_000) + "s"
        }
        return text
    }

    private static func decimal(_ value: UInt64, unit: UInt64) -> String {
        let whole = value / unit
        var fraction = value % unit
        guard fraction != 0 else { return "\(whole)" }
        var digits = String(fraction)
        var width = String(unit).count - 1
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        digits = String(fraction)
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return "\(whole).\(padding)\(digits)"
    }
}
