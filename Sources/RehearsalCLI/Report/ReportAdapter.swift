import Foundation
import Rehearsal
import ScenarioJSON

/// Builds a ``Report`` from a run's outcomes and the files they point at: the scenario files (steps and their
/// source lines) and, for outcomes without their golden, the golden on disk.
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
        let actual = outcome.timeline?.events
        // A page for people: at most 20 findings (and notes) of one kind in full, then one counting the rest.
        let problems = FindingLimit.reports.summarise(outcome.findings)
        let notes = FindingLimit.reports.summarise(outcome.notes)
        var scenario = ReportScenario(
            name: outcome.name, path: outcome.path.description, status: outcome.status,
            duration: outcome.duration, attempts: outcome.attempts,
            headline: outcome.status == .passed ? "" : outcome.headline,
            problems: Self.exploration(outcome, failing: true)
                + problems.shown.map { .init(headline: $0.diagnostic.headline, text: $0.description) }
                + problems.rest.map { .init(headline: $0, text: $0) },
            notes: Self.exploration(outcome, failing: false).map(\.text) + notes.shown.map(\.description) + notes.rest,
            lastEvents: outcome.findings.isEmpty ? [] : outcome.lastEvents.map(\.line),
            steps: loaded.map(Self.steps) ?? [], actual: actual)
        if let mismatch = outcome.golden?.mismatch, outcome.status != .passed, outcome.timeline != nil {
            scenario.comparison = ReportComparison(mismatch, actual: actual ?? [])
            var status = stat()
            if let artifact = outcome.golden?.artifactPath,
                PathName(root).appending(artifact).withCString({ stat($0, &status) }) == 0
            {
                scenario.accept = advice.command("accept \(outcome.path.shellArgument)")
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

    /// The steps of a loaded scenario with the line each is written on and that line's text.
    static func steps(of scenario: Scenario) -> [ReportScenario.Step] {
        let writer = JSONWriter(style: .spaced)
        return scenario.steps.map { step in
            // A step inside a `$file` is located in that file; only the scenario file's own lines are quoted.
            let isOwn = scenario.document.referencedFrom(of: step.pointer).isEmpty
            let location = isOwn ? scenario.document.location(of: step.pointer) : nil
            var value: String?
            if let sent = step.inputValue { value = writer.string(sent) }
            var reported = ReportScenario.Step(
                index: step.index, at: step.at, input: step.inputName, value: value,
                line: location?.line,
                source: location == nil ? nil : scenario.document.excerpt(of: step.pointer, wholeValue: true)?.block)
            if case .set = step.action { reported.sets = true }
            return reported
        }
    }
}
