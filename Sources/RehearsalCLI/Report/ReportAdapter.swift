import Foundation
import Rehearsal
import ScenarioJSON

/// Builds a ``Report`` from a run's verdicts and the files they point at: the scenario files (steps and their
/// source lines) and the goldens a failing run was compared with. It is the only part of the HTML report and the
/// trace that knows the run's outcome model.
struct ReportAdapter {
    /// The project root scenario paths and goldens are relative to.
    var root: String

    /// The report of a run's verdicts.
    func report(_ verdicts: [Verdict], summary: String, options: [Report.Option]) -> Report {
        Report(summary: summary, options: options, scenarios: verdicts.map(scenario))
    }

    /// One scenario: the verdict's status and problems, the run's timeline, the scenario file's steps, and for a
    /// timeline that differs from its golden, both aligned.
    func scenario(_ verdict: Verdict) -> ReportScenario {
        let loaded = try? ScenarioLoader(root: root).load(verdict.path)
        let actual = verdict.timeline.map { $0.events.map(Self.event) }
        var scenario = ReportScenario(
            name: verdict.name, path: verdict.path, status: ReportScenario.Status(verdict.status),
            duration: verdict.duration, attempts: verdict.attempts,
            headline: verdict.status == .passed ? "" : verdict.headline,
            problems: verdict.problems.map { .init(headline: $0.headline, text: $0.text) }, notes: verdict.notes,
            lastEvents: verdict.lastEvents, steps: loaded.map(Self.steps) ?? [], actual: actual)
        if verdict.diff != nil, let recorded = verdict.timeline {
            scenario.comparison = comparison(verdict.path, recorded: recorded, actual: actual ?? [], loaded: loaded)
            let store = GoldenStore(root: root)
            if FileManager.default.fileExists(atPath: root + "/" + store.artifactPath(forScenario: verdict.path)) {
                scenario.accept = "rehearsal accept \(verdict.path)"
            }
        }
        return scenario
    }

    /// The run aligned with the golden on disk; `nil` when the golden cannot be read.
    private func comparison(
        _ path: String, recorded: RecordedTimeline, actual: [ReportEvent], loaded: Scenario?
    ) -> ReportComparison? {
        let store = GoldenStore(root: root)
        guard let golden = try? store.readGolden(forScenario: path) else { return nil }
        let run = Timeline(
            scenario: golden.scenario,
            events: recorded.events.map {
                let at = ScenarioDuration(nanoseconds: Int64(clamping: $0.at))
                guard case .object(let body) = $0.body else {
                    return TimelineEvent(at: at, seq: $0.seq, body: JSONObject(), cause: nil)
                }
                return TimelineEvent(at: at, seq: $0.seq, body: body, cause: $0.cause)
            })
        let mode = loaded?.comparison ?? .exact
        let rows = TimelineMismatch.alignment(expected: golden, actual: run, comparison: mode).map {
            ReportComparison.Row(
                change: ReportComparison.Row.Change($0.change), golden: $0.expected, actual: $0.actual,
                values: $0.values)
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
        let goldenEvents = golden.events.enumerated().map { index, event in
            let answering = actualIndex[index].flatMap { actual[$0].answering }.flatMap { goldenIndex[$0] }
            return Self.event(
                .init(
                    at: UInt64(clamping: event.at.nanoseconds), seq: event.seq, cause: nil, answering: answering,
                    body: .object(event.body)))
        }
        let row = rows[divergence]
        let event = row.actual.map { actual[$0] } ?? row.golden.map { goldenEvents[$0] }
        return ReportComparison(
            goldenPath: store.goldenPath(forScenario: path), mode: mode.rawValue, golden: goldenEvents, rows: rows,
            divergence: divergence, at: event?.at ?? 0, step: row.actual.flatMap { actual[$0].step })
    }

    /// The steps of a loaded scenario with the line each is written on and that line's text.
    static func steps(of scenario: Scenario) -> [ReportScenario.Step] {
        let writer = JSONWriter(style: .spaced)
        return scenario.steps.map { step in
            let location = scenario.document.location(of: step.pointer)
            // A step inside a `$file` is located in that file; only the scenario file's own lines are quoted.
            let own = location.flatMap { $0.referenceChain.isEmpty ? $0 : nil }
            var value: String?
            if case .send(_, let sent?, _, _) = step.action { value = writer.string(sent) }
            return ReportScenario.Step(
                index: step.index, at: UInt64(clamping: step.at.nanoseconds), input: step.inputName, value: value,
                line: own?.line, source: own.map { $0.sourceLine.trimmed })
        }
    }

    /// A recorded event as the report draws it.
    static func event(_ recorded: RecordedTimeline.Event) -> ReportEvent {
        guard case .object(let body) = recorded.body, let first = body.members.first else {
            return ReportEvent(
                at: recorded.at, seq: recorded.seq, kind: .output, port: "?", label: "?", members: JSONObject(),
                step: nil, cause: recorded.cause?.description ?? "", answering: recorded.answering, line: "")
        }
        let kind = ReportEvent.Kind(rawValue: first.key) ?? .output
        let name = first.value.stringValue ?? JSONWriter(style: .spaced).string(first.value)
        var members = JSONObject()
        for member in body.members.dropFirst() { members[member.key] = member.value }
        let line = JSONWriter(style: .spaced).string(
            .object(
                TimelineEvent(
                    at: ScenarioDuration(nanoseconds: Int64(clamping: recorded.at)), seq: recorded.seq, body: body,
                    cause: recorded.cause
                ).json))
        return ReportEvent(
            at: recorded.at, seq: recorded.seq, kind: kind, port: kind == .route ? "route" : name, label: name,
            members: members, step: recorded.cause?.stepIndex, cause: recorded.cause?.description ?? "",
            answering: recorded.answering, line: line)
    }
}

extension ReportScenario.Status {
    init(_ status: Verdict.Status) {
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
    init(_ change: TimelineMismatch.AlignedRow.Change) {
        switch change {
        case .same: self = .same
        case .changed: self = .changed
        case .removed: self = .removed
        case .added: self = .added
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
