import ScenarioJSON
import VirtualTime

/// How a run's timeline differs from its golden: where it first diverges, and a rendered report.
///
/// `rendered` reads like this (plain text):
/// ```
/// Timeline differs from the golden Scenarios/a.timeline.json (compare: exact).
/// First divergence at 300ms (event 2), caused by step 0 (Scenarios/a.json:12):
///   expected: {"at": "300ms", "seq": 2, "output": "items", "value": [{"id": 1, "name": "Lee"}]}
///   actual:   {"at": "300ms", "seq": 2, "output": "items", "value": [{"id": 1, "name": "Li"}]}
///
/// Events (- golden, + actual):
///   … 1 unchanged
///   {"at": "0ms", "seq": 1, "call": "Repo.fetch", "args": {}}
/// - {"at": "300ms", "seq": 2, "output": "items", "value": [{"id": 1, "name": "Lee"}]}
/// + {"at": "300ms", "seq": 2, "output": "items", "value": [{"id": 1, "name": "Li"}]}
///
/// Changed values:
///   event 2, output "items":
///     value[0].name: - "Lee" + "Li"
/// ```
public struct TimelineMismatch: Equatable, Sendable {
    /// The first event where the run and the golden disagree.
    public struct Divergence: Equatable, Sendable {
        /// The event's position in the timelines.
        public var index: Int
        /// The virtual time of the run's event there (the golden's when the run has no event there).
        public var at: ScenarioDuration
        /// What caused the run's event (`.setup`, `.step(2)`); `nil` when the run has no event there.
        public var cause: WorkCause?
        /// Where the causing step is written: `Scenarios/x.json:14` (the line of the step's object).
        public var location: String?
        /// The golden's event line, or `nil` when the golden ends before it.
        public var expected: String?
        /// The run's event line, or `nil` when the run ended before it.
        public var actual: String?
    }

    /// The golden file compared with.
    public var goldenPath: String
    /// How the timelines were compared.
    public var comparison: Scenario.Comparison
    /// Where they first disagree.
    public var firstDivergence: Divergence
    /// The whole report: first divergence, a unified diff of the event lines, then the changed values.
    public var rendered: String

    /// Compares a run's timeline with its golden; `nil` when they match under `comparison`.
    ///
    /// `exact` compares each event's virtual time and body, `order` only the bodies. `seq` is the event's position,
    /// so it is compared through the order. Event lines are aligned with a shortest edit script, so an inserted
    /// event shows as one `+` line.
    static func compare(
        expected: Timeline, actual: Timeline, comparison: Scenario.Comparison, goldenPath: String,
        scenario: Scenario?
    ) -> TimelineMismatch? {
        let oldKeys = expected.events.map { key($0, comparison) }
        let newKeys = actual.events.map { key($0, comparison) }
        guard oldKeys != newKeys else { return nil }
        var index = 0
        while index < oldKeys.count, index < newKeys.count, oldKeys[index] == newKeys[index] { index += 1 }
        let oldLines = expected.eventLines
        let newLines = actual.eventLines
        let actualEvent = actual.events.indices.contains(index) ? actual.events[index] : nil
        let expectedEvent = expected.events.indices.contains(index) ? expected.events[index] : nil
        let divergence = Divergence(
            index: index, at: actualEvent?.at ?? expectedEvent?.at ?? .zero,
            cause: actualEvent?.cause,
            location: actualEvent?.cause.flatMap { location(of: $0, in: scenario) },
            expected: oldLines.indices.contains(index) ? oldLines[index] : nil,
            actual: newLines.indices.contains(index) ? newLines[index] : nil)
        let operations = LineDiff.operations(oldKeys, newKeys)
        var sections = [
            headline(divergence, goldenPath: goldenPath, comparison: comparison),
            "Events (- golden, + actual):\n" + unifiedDiff(operations, old: oldLines, new: newLines),
        ]
        let changed = changedValues(operations, expected: expected, actual: actual, comparison: comparison)
        if !changed.isEmpty { sections.append("Changed values:\n" + changed.joined(separator: "\n")) }
        return TimelineMismatch(
            goldenPath: goldenPath, comparison: comparison, firstDivergence: divergence,
            rendered: sections.joined(separator: "\n\n"))
    }

    /// What is compared of an event: its time (for `exact`) and its body, as canonical text.
    private static func key(_ event: TimelineEvent, _ comparison: Scenario.Comparison) -> String {
        JSONWriter(style: .compact).string(.object(compared(event, comparison)))
    }

    static func compared(_ event: TimelineEvent, _ comparison: Scenario.Comparison) -> JSONObject {
        var object = event.json
        object["seq"] = nil
        if comparison == .order { object["at"] = nil }
        return object
    }

    /// `Scenarios/x.json:14` for a `step N` cause: the line where the step's object starts.
    private static func location(of cause: WorkCause, in scenario: Scenario?) -> String? {
        guard let scenario, let index = cause.stepIndex,
            let step = scenario.steps.first(where: { $0.index == index }),
            let location = scenario.document.location(of: step.pointer)
        else { return nil }
        return "\(location.path ?? scenario.document.path ?? scenario.name):\(location.line ?? 1)"
    }

    private static func headline(
        _ divergence: Divergence, goldenPath: String, comparison: Scenario.Comparison
    ) -> String {
        var cause = ""
        if let what = divergence.cause {
            cause = ", caused by \(what)" + (divergence.location.map { " (\($0))" } ?? "")
        }
        return [
            "Timeline differs from the golden \(goldenPath) (compare: \(comparison.rawValue)).",
            "First divergence at \(divergence.at) (event \(divergence.index))\(cause):",
            "  expected: " + (divergence.expected ?? "(no event: the golden ends here)"),
            "  actual:   " + (divergence.actual ?? "(no event: the run ended here)"),
        ].joined(separator: "\n")
    }
}
