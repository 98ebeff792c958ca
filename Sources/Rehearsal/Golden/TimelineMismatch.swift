import ScenarioJSON
import VirtualTime

/// How a run's timeline differs from its golden, as values: where it first diverges (with the step it is
/// attributed to), the edit script between the two event lists, and the values that changed inside replaced
/// events. ``rendered`` is the one text made of it:
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
public struct TimelineMismatch: Codable, Equatable, Sendable {
    /// The first event where the run and the golden disagree.
    public struct Divergence: Codable, Equatable, Sendable {
        /// The event's position in the timelines.
        public var index: Int
        /// The virtual time of the run's event there (the golden's when the run has no event there).
        public var at: ScenarioDuration
        /// What caused the run's event (`.setup`, `.step(2)`); `nil` when the run has no event there.
        public var cause: WorkCause?
        /// The step the run's event is attributed to, with where it is written.
        public var step: StepReference?
        /// The golden's event there, or `nil` when the golden ends before it.
        public var expected: TimelineEvent?
        /// The run's event there, or `nil` when the run ended before it.
        public var actual: TimelineEvent?
    }

    /// One value that differs inside an event the run replaced with one of the same kind.
    public struct ValueChange: Codable, Equatable, Sendable {
        /// The position of the run's event.
        public var event: Int
        /// The event's kind and name (`output`, `"items"`).
        public var kind: String
        /// The event's name value (`"items"`).
        public var name: JSONValue
        /// Where in the event the value sits (`value[0].name`).
        public var path: String
        /// The golden's value; `nil` when the run added it.
        public var expected: JSONValue?
        /// The run's value; `nil` when the run removed it.
        public var actual: JSONValue?
    }

    /// The golden file compared with.
    public var goldenPath: String
    /// How the timelines were compared.
    public var comparison: Scenario.Comparison
    /// Where they first disagree.
    public var firstDivergence: Divergence
    /// The golden's timeline.
    public var expected: Timeline
    /// The run's timeline.
    public var actual: Timeline
    /// The shortest edit script from the golden's events to the run's.
    public var edits: [EventEdit]
    /// The values that differ inside replaced events, in order.
    public var valueChanges: [ValueChange]

    /// Compares a run's timeline with its golden; `nil` when they match under `comparison`.
    ///
    /// `exact` compares each event's virtual time and body, `order` only the bodies. `seq` is the event's position,
    /// so it is compared through the order. Event lines are aligned with a shortest edit script, so an inserted
    /// event shows as one `+` line.
    package static func compare(
        expected: Timeline, actual: Timeline, comparison: Scenario.Comparison, goldenPath: String,
        scenario: Scenario?
    ) -> TimelineMismatch? {
        // Most runs match: compare the values first, and render keys only to align timelines that differ.
        guard !matches(expected, actual, comparison) else { return nil }
        let oldKeys = expected.events.map { key($0, comparison) }
        let newKeys = actual.events.map { key($0, comparison) }
        guard oldKeys != newKeys else { return nil }
        var index = 0
        while index < oldKeys.count, index < newKeys.count, oldKeys[index] == newKeys[index] { index += 1 }
        let actualEvent = actual.events.indices.contains(index) ? actual.events[index] : nil
        let expectedEvent = expected.events.indices.contains(index) ? expected.events[index] : nil
        let divergence = Divergence(
            index: index, at: actualEvent?.at ?? expectedEvent?.at ?? .zero, cause: actualEvent?.cause,
            step: scenario?.stepReference(for: actualEvent?.cause), expected: expectedEvent, actual: actualEvent)
        let edits = LineDiff.operations(oldKeys, newKeys).map(EventEdit.init)
        return TimelineMismatch(
            goldenPath: goldenPath, comparison: comparison, firstDivergence: divergence, expected: expected,
            actual: actual, edits: edits,
            valueChanges: valueChanges(edits, expected: expected, actual: actual, comparison: comparison))
    }

    /// Whether the timelines have the same events (times too, for `exact`), by value.
    private static func matches(_ expected: Timeline, _ actual: Timeline, _ comparison: Scenario.Comparison) -> Bool {
        guard expected.events.count == actual.events.count else { return false }
        return zip(expected.events, actual.events).allSatisfy { old, new in
            (comparison == .order || old.at == new.at) && old.body == new.body
        }
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

    /// For each golden event replaced by a run event of the same kind (`output "items"` by `output "items"`),
    /// the values inside it that differ.
    private static func valueChanges(
        _ edits: [EventEdit], expected: Timeline, actual: Timeline, comparison: Scenario.Comparison
    ) -> [ValueChange] {
        var result: [ValueChange] = []
        for run in LineDiff.changeRuns(edits.map(\.operation)) {
            for (old, new) in zip(run.deleted, run.inserted) {
                let before = expected.events[old]
                let after = actual.events[new]
                guard let kind = before.body.members.first, kind == after.body.members.first else { continue }
                let changes = ValueDiff.changes(
                    .object(compared(before, comparison)), .object(compared(after, comparison)), path: "")
                result += changes.map {
                    ValueChange(
                        event: new, kind: kind.key, name: kind.value, path: $0.path, expected: $0.old, actual: $0.new)
                }
            }
        }
        return result
    }
}

/// One operation of the edit script from a golden's events to a run's, with their positions.
public enum EventEdit: Codable, Equatable, Sendable {
    /// The golden's event at the first position equals the run's at the second.
    case equal(Int, Int)
    /// The golden's event at this position is not in the run.
    case delete(Int)
    /// The run's event at this position is not in the golden.
    case insert(Int)

    init(_ operation: LineDiff.Operation) {
        switch operation {
        case .equal(let x, let y): self = .equal(x, y)
        case .delete(let x): self = .delete(x)
        case .insert(let y): self = .insert(y)
        }
    }

    var operation: LineDiff.Operation {
        switch self {
        case .equal(let x, let y): .equal(x, y)
        case .delete(let x): .delete(x)
        case .insert(let y): .insert(y)
        }
    }
}
