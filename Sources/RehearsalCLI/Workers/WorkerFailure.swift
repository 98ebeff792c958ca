import Foundation
import Rehearsal
import ScenarioJSON

/// The outcomes of scenarios whose worker crashed, timed out, was interrupted or sent something unreadable: the
/// worker domain's failures, each a ``Finding`` located at the step that was running (from the cause of the last
/// event the worker streamed) with the events it streamed as the timeline.
enum WorkerFailure {
    /// A worker that died: located at the step that was running, and, when the runtime's message names the place,
    /// attributed to the team's glue (the catalog, a mock) or to the ViewModel, with that place as a second location.
    static func crashed(_ slot: WorkerPool.Slot, root: String) -> ScenarioOutcome {
        let process = slot.process
        let reason =
            process.terminationReason == .uncaughtSignal
            ? "crashed with \(SignalName.of(process.terminationStatus))"
            : "crashed: the worker exited with status \(process.terminationStatus)"
        let lines = slot.stderr.lastLines(200)
        let site = CrashSite.find(in: lines, glue: slot.glue)
        let hint: String
        switch site?.owner {
        case .glue?:
            hint =
                "fix the crash in the catalog's glue (the factory or a mock) \(site?.description ?? ""); the "
                + "other scenarios ran on a fresh worker"
        case .viewModel?:
            hint =
                "fix the crash in the ViewModel \(site?.description ?? ""); the other scenarios ran on a fresh "
                + "worker"
        case nil:
            hint = "fix the crash in the ViewModel; the other scenarios ran on a fresh worker"
        }
        return outcome(slot, .crashed, .crashed, reason, hint: hint, output: output(lines), root: root, site: site)
    }

    static func timedOut(_ slot: WorkerPool.Slot, after timeout: TimeInterval, root: String) -> ScenarioOutcome {
        outcome(
            slot, .timedOut, .timedOut, "timed out after \(ScenarioTimeout.describe(timeout))",
            hint: "look for a ViewModel that blocks the main thread, or raise --timeout", output: [], root: root)
    }

    static func interrupted(_ slot: WorkerPool.Slot, by signal: Int32, root: String) -> ScenarioOutcome {
        outcome(
            slot, .failed, .interrupted, "interrupted by \(SignalName.short(signal)) before it finished",
            hint: "run it again; the reports list what finished", output: [], root: root)
    }

    static func unreadable(_ job: WorkerPool.Job, reason: String, root: String) -> ScenarioOutcome {
        ScenarioOutcome(
            name: job.name, path: job.path, status: .crashed,
            findings: [
                Finding(
                    .crashed,
                    Diagnostic(
                        .error, location: SourceLocation(path: job.path.description),
                        message: "the worker sent an unreadable message: \(reason)",
                        hint: "report this as a bug in rehearsal"))
            ])
    }

    private static func outcome(
        _ slot: WorkerPool.Slot, _ status: ScenarioOutcome.Status, _ kind: Finding.Kind, _ message: String,
        hint: String, output: [String], root: String, site: CrashSite? = nil
    ) -> ScenarioOutcome {
        let job = slot.job ?? WorkerPool.Job(path: "", name: "", mode: .check(.never))
        let events = slot.reached.events
        let cause = events.last?.cause
        var diagnostic = Diagnostic(
            .error, location: SourceLocation(path: job.path.description), message: message, hint: hint)
        var step: StepReference?
        if let index = cause?.stepIndex, let scenario = try? ScenarioLoader(root: root).load(job.path),
            let reference = scenario.stepReference(index)
        {
            step = reference
            diagnostic = scenario.diagnostic(atStep: index, "\(message) during step \(index)", hint: hint)
        } else if let cause {
            diagnostic.message += " during \(cause)"
        }
        if let site {
            let function = site.location == nil ? site.symbol.map { " (\($0))" } ?? "" : ""
            diagnostic.message += (site.owner == .glue ? ", in the catalog's glue" : ", in the ViewModel") + function
            diagnostic = diagnostic.relating(
                site.location, as: site.owner == .glue ? "crashed in the glue at" : "crashed at")
        }
        var outcome = ScenarioOutcome(
            name: job.name, path: job.path, status: status,
            findings: [Finding(kind, diagnostic, step: step, output: output)],
            timeline: events.isEmpty ? nil : Timeline(scenario: job.name, events: events))
        outcome.duration = Date().timeIntervalSince(slot.startedAt)
        if let schedule = slot.schedule, case .explore(let options) = job.mode {
            var summary = ExplorationSummary(
                search: options.replay == nil ? .strategy(options.strategy) : .replay, schedules: schedule.number,
                failingSchedule: schedule.number, token: schedule.token)
            summary.shrinkNote = "a schedule that crashes or hangs its worker is not shrunk; replay it with its token"
            outcome.exploration = summary
        }
        if case .mutate(let mutant) = job.mode { outcome.mutation = MutationPlay(mutant: mutant) }
        slot.job = nil
        return outcome
    }

    /// What the worker printed before it died, without the runtime's stack dump.
    static func output(_ lines: [String]) -> [String] {
        let relevant = lines.prefix { !$0.hasPrefix("Current stack trace:") && !$0.hasPrefix("Stack dump:") }
        return Array(relevant.suffix(6))
    }
}
