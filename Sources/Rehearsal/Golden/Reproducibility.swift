import ScenarioJSON
import VirtualTime

/// Whether a scenario is reproducible: two runs of it, each with a fresh ViewModel, must give the same timeline.
///
/// ``GoldenCheck`` plays a scenario a second time before it writes a golden, and when a timeline differs from its
/// golden, and reports what differs between the two runs instead of recording (or of a plain mismatch):
/// ```
/// Scenarios/stamps/add.json:7:5: error: output "items" at 0ms: value[0].id differs between two runs (a UUID?): "6F96…" in the first, "0E98…" in the second
///     {"at": "0ms", "send": "add", "value": "milk"}
///     ^
///   hint: mask it ("mask": [{"output": "items", "path": "value[*].id", "as": "uuid"}]) or inject the source, then record again
/// ```
/// One finding per differing value of an event (elements of one array count once: `value[*].id`), per event one
/// run has and the other does not, and per run that failed only once; at most ``maxFindings``.
///
/// The second play runs in the same process (what outlives a run: a static counter, a cache) or in a second
/// process with another hashing seed (``Plays/otherHashingSeed``: the order of a `Set` or a `Dictionary`, which
/// changes with every launch of an app), and the findings say which:
/// ```
/// Scenarios/contacts/grouped.json:5:5: error: output "sections" at 0.000s: value[0].title differs between two processes with other hashing seeds (the order of a Set or a Dictionary?): "B" in the first, "A" in the second
///   hint: sort what the ViewModel builds from a Set or a Dictionary (such as Dictionary(grouping:) then map), whose order changes with every launch, or mask it ("mask": [{"output": "sections", "path": "value[*].title", "as": "string"}]), then record again
/// ```
public enum Reproducibility {
    /// The most differences reported for one scenario (then one finding counts the rest).
    public static let maxFindings = 8

    /// Where the two plays of a scenario ran, and so what can make them differ.
    public enum Plays: Sendable {
        /// Both in one process, one after the other: what outlives a run or is random.
        case sameProcess
        /// In two processes with other hashing seeds: the iteration order of a `Set` or a `Dictionary` too.
        case otherHashingSeed

        /// `two runs`, for "differs between two runs".
        var between: String {
            self == .sameProcess
                ? "two runs" : "two processes with other hashing seeds (the order of a Set or a Dictionary?)"
        }

        /// `the second run`.
        var second: String { self == .sameProcess ? "the second run" : "the play in a second process" }

        /// What to look for, before `then`.
        var look: String {
            switch self {
            case .sameProcess:
                "find what outlives a run or is random (a static counter, a random number, real time) and inject it"
            case .otherHashingSeed:
                "sort what the ViewModel builds from a Set or a Dictionary (such as Dictionary(grouping:) then map), "
                    + "whose order changes with every launch"
            }
        }
    }

    /// A second play of a scenario, which must give the first play's timeline, and where it runs.
    public struct Replay {
        /// Where it runs.
        public var plays: Plays
        /// Plays the scenario again, with a fresh ViewModel.
        public var play: () -> ScenarioOutcome

        /// Creates a replay.
        public init(_ plays: Plays, play: @escaping () -> ScenarioOutcome) {
            self.plays = plays
            self.play = play
        }
    }

    /// What differs between the `first` and the `second` run of one scenario (empty when nothing does); `then`
    /// finishes each hint (`"record again"`), `plays` says where the second ran.
    public static func findings(
        first: ScenarioOutcome, second: ScenarioOutcome, then: String, plays: Plays = .sameProcess
    ) -> [Finding] {
        let scenario = first.scenario ?? second.scenario
        if second.findings != first.findings,
            let failure = second.findings.first(where: { !first.findings.contains($0) })
        {
            var diagnostic = failure.diagnostic
            diagnostic.message = "\(plays.second) failed, the first did not: " + diagnostic.message
            // A second process that could not play says why itself.
            if failure.kind != .crashed { diagnostic.hint = "\(plays.look), then \(then)" }
            return [Finding(.nondeterministic, diagnostic, step: failure.step)]
        }
        guard let one = first.timeline, let two = second.timeline,
            let mismatch = TimelineMismatch.compare(
                expected: one, actual: two, comparison: scenario?.comparison ?? .exact,
                goldenPath: first.path.description,
                scenario: scenario)
        else { return [] }
        var found: [Finding] = []
        var seen = Set<String>()
        for row in mismatch.differences {
            let event = row.actual.map { two.events[$0] } ?? row.expected.map { one.events[$0] }
            guard let event else { continue }
            let title = event.kind.title
            switch row.change {
            case .changed:
                let (x, y) = (row.expected ?? 0, row.actual ?? 0)
                let differing = positionalChanges(
                    .object(TimelineMismatch.compared(one.events[x], mismatch.comparison)),
                    .object(TimelineMismatch.compared(two.events[y], mismatch.comparison)), path: ValuePath())
                for change in differing {
                    let general = ValuePath(change.path.components.map { if case .index = $0 { .any } else { $0 } })
                    guard seen.insert("\(title) \(general)").inserted else { continue }
                    found.append(
                        valueFinding(
                            change, general: general, event: event, title: title, row: row, scenario: scenario,
                            path: first.path.description, then: then, plays: plays))
                }
            case .removed, .added, .moved:
                let what: String
                switch row.change {
                case .removed: what = "\(plays.second) has no \(title) at \(event.at), which the first run had"
                case .added: what = "\(plays.second) has a \(title) at \(event.at), which the first run did not"
                default: what = "\(title) at \(event.at) comes in another order in \(plays.second) than in the first"
                }
                guard seen.insert("\(row.change) \(title)").inserted else { continue }
                found.append(
                    finding(
                        what, row: row, scenario: scenario, path: first.path.description,
                        hint: "\(plays.look), then \(then)"))
            case .same:
                continue
            }
        }
        guard found.count > maxFindings else { return found }
        let rest = found.count - maxFindings
        var shown = Array(found.prefix(maxFindings))
        shown.append(
            Finding(
                .nondeterministic,
                Diagnostic(
                    .error, location: SourceLocation(path: first.path.description),
                    message: "and \(rest) more difference\(rest == 1 ? "" : "s") between the two plays")))
        return shown
    }

    /// The values that differ between two runs' versions of one event, position by position (an array of another
    /// length differs as a whole): what a second run changes is a value in place, not an edit of a list.
    static func positionalChanges(_ old: JSONValue?, _ new: JSONValue?, path: ValuePath) -> [ValueChange] {
        switch (old, new) {
        case (.object(let left)?, .object(let right)?):
            var keys = left.keys
            keys += right.keys.filter { left[$0] == nil }
            return keys.flatMap { positionalChanges(left[$0], right[$0], path: path.appending(.member($0))) }
        case (.array(let left)?, .array(let right)?) where left.count == right.count:
            return left.indices.flatMap { positionalChanges(left[$0], right[$0], path: path.appending(.index($0))) }
        default:
            return old == new ? [] : [ValueChange(.changed, path: path, expected: old, actual: new)]
        }
    }

    /// One value that differs: its event, path, both values, a guess of what it is and the mask that fits it.
    private static func valueFinding(
        _ change: ValueChange, general: ValuePath, event: TimelineEvent, title: String, row: TimelineMismatch.Row,
        scenario: Scenario?, path: String, then: String, plays: Plays
    ) -> Finding {
        let writer = JSONWriter(style: .spaced)
        let old = change.expected.map { writer.string($0) } ?? "nothing"
        let new = change.actual.map { writer.string($0) } ?? "nothing"
        guard change.path != ValuePath([.member("at")]) else {
            return finding(
                "\(title) happened at \(old) in the first run and at \(new) in the second",
                row: row, scenario: scenario, path: path,
                hint: "find what runs on real time in the work that leads to it (a real thread, a real network "
                    + "call; see the docs/virtual-time.md), then \(then)")
        }
        let shape = ValueShape.common(change.expected ?? .null, change.actual ?? .null)
        var mask = JSONObject()
        mask[event.kind.label.rawValue] = .string(event.kind.name)
        mask["path"] = .string(general.description)
        mask["as"] = .string(shape.rawValue)
        let masking = "mask it (\"mask\": [\(writer.string(.object(mask)))])"
        guard plays == .sameProcess else {
            return finding(
                "\(title) at \(event.at): \(change.path) differs between \(plays.between): \(old) in the first, "
                    + "\(new) in the second",
                row: row, scenario: scenario, path: path, hint: "\(plays.look), or \(masking), then \(then)")
        }
        return finding(
            "\(title) at \(event.at): \(change.path) differs between two runs (\(shape.guess)): \(old) in the first, "
                + "\(new) in the second",
            row: row, scenario: scenario, path: path, hint: "\(masking) or inject the source, then \(then)")
    }

    private static func finding(
        _ message: String, row: TimelineMismatch.Row, scenario: Scenario?, path: String, hint: String
    ) -> Finding {
        guard let scenario else {
            return Finding(
                .nondeterministic,
                Diagnostic(.error, location: SourceLocation(path: path), message: message, hint: hint))
        }
        return Finding(
            .nondeterministic, scenario.diagnostic(atStep: row.step?.index ?? -1, message, hint: hint),
            step: row.step)
    }
}
