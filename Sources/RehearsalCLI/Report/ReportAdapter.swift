import Foundation
import Rehearsal
import ScenarioJSON

/// Builds a ``Report`` from a run's outcomes and the files they point at: the scenario files (steps and their
/// source lines) and, for outcomes without their golden, the golden on disk. It is the only part of the HTML
/// report and the trace that knows the run's outcome model.
struct ReportAdapter {
    /// The project root scenario paths and goldens are relative to.
    var root: String
    /// The team's command, for the `accept` command the report offers.
    var advice = RecordAdvice()

    /// The report of a run's outcomes.
    func report(_ outcomes: [ScenarioOutcome], summary: String, options: [Report.Option]) -> Report {
        Report(summary: summary, options: options, scenarios: outcomes.map(scenario))
    }

    /// One scenario: the verdict's status and problems, the run's timeline, the scenario file's steps, and for a
    /// timeline that differs from its golden, both aligned.
    func scenario(_ outcome: ScenarioOutcome) -> ReportScenario {
        let loaded = outcome.scenario ?? (try? ScenarioLoader(root: root).load(outcome.path))
        let actual = outcome.timeline.map { $0.events.map(Self.event) }
        var scenario = ReportScenario(
            name: outcome.name, path: outcome.path, status: ReportScenario.Status(outcome.status),
            duration: outcome.duration, attempts: outcome.attempts,
            headline: outcome.status == .passed ? "" : outcome.headline,
            problems: Self.exploration(outcome, failing: true)
                + outcome.findings.map { .init(headline: $0.diagnostic.headline, text: $0.description) },
            notes: Self.exploration(outcome, failing: false).map(\.text) + outcome.notes.map(\.description),
            lastEvents: outcome.findings.isEmpty ? [] : outcome.lastEvents.map(\.line),
            steps: loaded.map(Self.steps) ?? [], actual: actual)
        if let mismatch = outcome.golden?.mismatch, outcome.status != .passed, outcome.timeline != nil {
            scenario.comparison = comparison(mismatch, actual: actual ?? [])
            if let artifact = outcome.golden?.artifactPath,
                FileManager.default.fileExists(atPath: root + "/" + artifact)
            {
                scenario.accept = advice.command("accept \(outcome.path)")
            }
        }
        return scenario
    }

    /// What exploring found, as a problem of a failing exploration (the race, the replay token, the shrunk
    /// scenario) or a note of a passing one (`all N schedules passed under bound k`).
    private static func exploration(_ outcome: ScenarioOutcome, failing: Bool) -> [ReportScenario.Problem] {
        guard let summary = outcome.exploration, (summary.failingSchedule != nil) == failing else { return [] }
        return [.init(headline: summary.statement, text: outcome.explorationText(summary))]
    }

    /// The run aligned with the golden it was compared with, read from the mismatch's rows and value changes.
    private func comparison(_ mismatch: TimelineMismatch, actual: [ReportEvent]) -> ReportComparison? {
        let writer = JSONWriter(style: .spaced)
        let text = { (value: JSONValue?) in value.map { writer.string($0) } }
        let rows = mismatch.rows.map { row in
            ReportComparison.Row(
                change: ReportComparison.Row.Change(row.change), golden: row.expected, actual: row.actual,
                values: row.values.map {
                    ReportComparison.Value(
                        kind: $0.kind == .added && $0.path.isElement ? "inserted" : $0.kind.rawValue,
                        path: $0.path.description, from: $0.from?.description,
                        expected: text($0.expected), actual: text($0.actual))
                })
        }
        guard let divergence = rows.firstIndex(where: { $0.change != .same }) else { return nil }
        // Goldens keep no call links: a golden answer aligned with a run's answer answers the golden event aligned
        // with the run's call.
        var goldenIndex: [Int: Int] = [:]
        var actualIndex: [Int: Int] = [:]
        for row in rows where row.change != .added && row.change != .removed {
            if let left = row.golden, let right = row.actual {
                goldenIndex[right] = left
                actualIndex[left] = right
            }
        }
        // Rows read back from a results file may name events that are not there: those are no event.
        let actualEvent = { (index: Int) in actual.indices.contains(index) ? actual[index] : nil }
        let goldenEvents = mismatch.expected.events.enumerated().map { index, event in
            let answering = actualIndex[index].flatMap(actualEvent)?.answering.flatMap { goldenIndex[$0] }
            var aligned = event
            aligned.cause = nil
            aligned.answering = answering
            return Self.event(aligned)
        }
        let row = rows[divergence]
        let event =
            row.actual.flatMap(actualEvent)
            ?? row.golden.flatMap { goldenEvents.indices.contains($0) ? goldenEvents[$0] : nil }
        return ReportComparison(
            goldenPath: mismatch.goldenPath, mode: mismatch.comparison.rawValue, golden: goldenEvents, rows: rows,
            divergence: divergence, at: event?.at ?? 0, step: mismatch.firstDivergence.step?.index)
    }

    /// The steps of a loaded scenario with the line each is written on and that line's text.
    static func steps(of scenario: Scenario) -> [ReportScenario.Step] {
        let writer = JSONWriter(style: .spaced)
        return scenario.steps.map { step in
            // A step inside a `$file` is located in that file; only the scenario file's own lines are quoted.
            let isOwn = scenario.document.referencedFrom(of: step.pointer).isEmpty
            let location = isOwn ? scenario.document.location(of: step.pointer) : nil
            var value: String?
            if case .send(_, let sent?, _, _) = step.action { value = writer.string(sent) }
            return ReportScenario.Step(
                index: step.index, at: UInt64(clamping: step.at.nanoseconds), input: step.inputName, value: value,
                line: location?.line,
                source: location == nil ? nil : scenario.document.excerpt(of: step.pointer)?.text.trimmed)
        }
    }

    /// A recorded event as the report draws it.
    static func event(_ recorded: TimelineEvent) -> ReportEvent {
        let body = recorded.body
        let at = UInt64(clamping: recorded.at.nanoseconds)
        guard let first = body.members.first else {
            return ReportEvent(
                at: at, seq: recorded.seq, kind: .output, port: "?", label: "?", members: JSONObject(),
                step: nil, cause: recorded.cause?.description ?? "", answering: recorded.answering, line: "")
        }
        let kind = ReportEvent.Kind(rawValue: first.key) ?? .output
        let name = first.value.stringValue ?? JSONWriter(style: .spaced).string(first.value)
        var members = JSONObject()
        for member in body.members.dropFirst() { members[member.key] = member.value }
        return ReportEvent(
            at: at, seq: recorded.seq, kind: kind, port: kind == .route ? "route" : name, label: name,
            members: members, step: recorded.cause?.stepIndex, cause: recorded.cause?.description ?? "",
            answering: recorded.answering, line: recorded.line)
    }
}

extension ReportScenario.Status {
    init(_ status: ScenarioOutcome.Status) {
        switch status {
        case .passed: self = .passed
        case .failed: self = .failed
        case .recorded: self = .recorded
        case .flaky: self = .flaky
        case .crashed: self = .crashed
        case .timedOut: self = .timedOut
        }
    }
}

extension ReportComparison.Row.Change {
    init(_ change: TimelineMismatch.Row.Change) {
        switch change {
        case .same: self = .same
        case .changed: self = .changed
        case .removed: self = .removed
        case .added: self = .added
        case .moved: self = .moved
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
