import ScenarioJSON
import VirtualTime

/// How a run's timeline differs from its golden, as values: the two timelines aligned event by event, each
/// difference with the values that changed inside it and the step it is attributed to, and where they first part.
/// ``rendered`` is the one text made of it; each changed event appears in it once:
/// ```
/// Timeline differs from the golden Scenarios/a.timeline.json (compare: exact): 1 event changed.
/// First divergence at 300ms, caused by step 0 (Scenarios/a.json:12): output "items" changed.
///
/// @@ step 0 (Scenarios/a.json:12) @@
///   {"at": "0ms", "call": "Repo.fetch", "args": {}}
/// ~ {"at": "300ms", "output": "items", "value": [{"id": 1, "name": "Lee"}]}
///     value[0].name: - "Lee" + "Li"
/// ```
public struct TimelineMismatch: Codable, Equatable, Sendable {
    /// The first event where the run and the golden disagree.
    public struct Divergence: Codable, Equatable, Sendable {
        /// The position in the run's timeline (in the golden's when the run has no event there).
        public var index: Int
        /// The virtual time of the run's event there (the golden's when the run has no event there).
        public var at: ScenarioDuration
        /// The work the difference is attributed to (`.setup`, `.step(2)`): the run event's cause, or for an event
        /// the run is missing, the work that should have produced it.
        public var cause: WorkCause?
        /// The step that cause is, with where it is written.
        public var step: StepReference?
        /// The golden's event there, or `nil` when the run has an event the golden does not.
        public var expected: TimelineEvent?
        /// The run's event there, or `nil` when the run is missing the golden's event.
        public var actual: TimelineEvent?
    }

    /// One row of the two timelines aligned.
    public struct Row: Codable, Equatable, Sendable {
        /// How the two sides relate.
        public enum Change: String, Codable, Sendable {
            /// The same event on both sides.
            case same
            /// One event (same kind and name) with other members: see ``Row/values``.
            case changed
            /// The golden's event, missing from the run.
            case removed
            /// The run's event, which the golden does not have.
            case added
            /// The same event on both sides, at another position in the run (same-instant order changed, or the
            /// event came earlier or later).
            case moved
        }

        /// How the two sides relate.
        public var change: Change
        /// The golden's event, by position.
        public var expected: Int?
        /// The run's event, by position.
        public var actual: Int?
        /// For a changed event, what differs inside it (its `at` too, when `compare` is `exact`).
        public var values: [ValueChange]
        /// The work the row is attributed to: the run event's cause, or for a removed event the work that should
        /// have produced it (see ``TimelineMismatch`` attribution).
        public var cause: WorkCause?
        /// The step that cause is.
        public var step: StepReference?
    }

    /// The golden file compared with.
    public var goldenPath: String
    /// How the timelines were compared.
    public var comparison: Scenario.Comparison
    /// The golden's timeline.
    public var expected: Timeline
    /// The run's timeline.
    public var actual: Timeline
    /// Every event of both, aligned, in timeline order.
    public var rows: [Row]
    /// Where they first disagree.
    public var firstDivergence: Divergence

    /// The rows that are not `same`, in order.
    public var differences: [Row] { rows.filter { $0.change != .same } }

    /// Compares a run's timeline with its golden; `nil` when they match under `comparison`.
    ///
    /// `exact` compares each event's virtual time and members, `order` only the members (and the order). The
    /// events are aligned by ``EventAlignment``; inside a changed event, values are compared by ``ValueDiff``.
    package static func compare(
        expected: Timeline, actual: Timeline, comparison: Scenario.Comparison, goldenPath: String,
        scenario: Scenario?
    ) -> TimelineMismatch? {
        // Most runs match: compare the values first, and render keys only to align timelines that differ.
        guard !matches(expected, actual, comparison) else { return nil }
        let content = (expected.events.map { key($0, comparison) }, actual.events.map { key($0, comparison) })
        guard content.0 != content.1 else { return nil }
        let identity = (expected.events.map(identity), actual.events.map(identity))
        let aligned = EventAlignment.align(content: content, identity: identity)
        var rows = aligned.map { row -> Row in
            switch row {
            case .same(let x, let y): Row(change: .same, expected: x, actual: y, values: [])
            case .moved(let x, let y): Row(change: .moved, expected: x, actual: y, values: [])
            case .removed(let x): Row(change: .removed, expected: x, actual: nil, values: [])
            case .added(let y): Row(change: .added, expected: nil, actual: y, values: [])
            case .changed(let x, let y):
                Row(
                    change: .changed, expected: x, actual: y,
                    values: ValueDiff.changes(
                        .object(compared(expected.events[x], comparison)),
                        .object(compared(actual.events[y], comparison)), path: ValuePath()))
            }
        }
        attribute(&rows, expected: expected, actual: actual, scenario: scenario)
        let first = rows.first { $0.change != .same } ?? rows[0]
        let actualEvent = first.actual.map { actual.events[$0] }
        let expectedEvent = first.expected.map { expected.events[$0] }
        let divergence = Divergence(
            index: first.actual ?? first.expected ?? 0, at: actualEvent?.at ?? expectedEvent?.at ?? .zero,
            cause: first.cause, step: first.step, expected: expectedEvent, actual: actualEvent)
        return TimelineMismatch(
            goldenPath: goldenPath, comparison: comparison, expected: expected, actual: actual, rows: rows,
            firstDivergence: divergence)
    }

    /// Whether the timelines have the same events (times too, for `exact`), by value.
    private static func matches(_ expected: Timeline, _ actual: Timeline, _ comparison: Scenario.Comparison) -> Bool {
        guard expected.events.count == actual.events.count else { return false }
        return zip(expected.events, actual.events).allSatisfy { old, new in
            (comparison == .order || old.at == new.at) && old.kind == new.kind
        }
    }

    /// What is compared of an event: its time (for `exact`) and its members, as canonical text.
    private static func key(_ event: TimelineEvent, _ comparison: Scenario.Comparison) -> String {
        JSONWriter(style: .compact).string(.object(compared(event, comparison)))
    }

    /// What makes two events one event changed: the kind and the name (`output "items"`); a changed time is a
    /// changed value.
    private static func identity(_ event: TimelineEvent) -> String {
        event.kind.title
    }

    static func compared(_ event: TimelineEvent, _ comparison: Scenario.Comparison) -> JSONObject {
        var object = event.json
        if comparison == .order { object["at"] = nil }
        return object
    }
}
