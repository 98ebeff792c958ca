import ScenarioJSON

/// The `--timeout` value: a scenario duration string (`10s`, `500ms`, `2m`) read as wall-clock time.
enum ScenarioTimeout {
    /// The default per-scenario limit.
    static let defaultSeconds: Double = 60

    /// The longest limit accepted: a day. Longer ones say nothing a CI job could use, and the watchdog's date
    /// arithmetic stays far from overflowing.
    static let maximum = ScenarioDuration.hours(24)

    /// Seconds for `text`, or a usage error naming the expected format and range.
    static func parse(_ text: String, usage: String) throws(UsageError) -> Double {
        guard let duration = try? ScenarioDuration(parsing: text), duration.nanoseconds > 0 else {
            throw UsageError(
                message: "invalid value '\(text)' for '--timeout <duration>'",
                hint: "write a positive duration with a unit, such as 10s or 500ms", usage: usage)
        }
        guard duration <= maximum else {
            throw UsageError(
                message: "invalid value '\(text)' for '--timeout <duration>': the longest timeout is \(maximum)",
                hint: "give a timeout of \(maximum) or less, such as 10m", usage: usage)
        }
        return Double(duration.nanoseconds) / 1e9
    }

    /// `10s`, `1.5s`, `500ms`: the duration as scenarios write it.
    static func describe(_ seconds: Double) -> String {
        ScenarioDuration(nanoseconds: Int64(seconds * 1e9)).description
    }
}
