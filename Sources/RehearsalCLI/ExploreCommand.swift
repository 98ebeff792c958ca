import Foundation
import Rehearsal
import ScenarioJSON

/// `rehearsal explore`: explores the schedules of each selected scenario on worker processes (a schedule that
/// crashes or hangs takes down only its worker, and is reported with its replay token), then hands the outcomes to
/// the reporters. Exit status as for `run`: 0 every schedule passed, 1 a schedule failed, 64 usage, 65 invalid.
struct ExploreCommand {
    var options: ExploreCommandOptions
    var console: Console
    var environment: [String: String]
    /// The executable's name as invoked, which hints name (`store-rehearsal explore …`).
    var program = "rehearsal"

    func execute() -> Int32 {
        let start = Date()
        let usage = CommandSpec.explore.invoked(as: program).usage
        let chosen: ScenarioSelection.Chosen
        do {
            chosen = try ScenarioSelection(root: options.root).choose(
                options.paths, filter: options.filter, reporters: options.reporters, usage: usage, program: program)
        } catch {
            console.error(error.text)
            return error.status
        }
        let selected = chosen.selected
        if options.explore.replay != nil, selected.count != 1 {
            console.error(
                UsageError(
                    message: "--replay replays one scenario's schedule, and \(selected.count) scenarios are selected",
                    hint: "name the one scenario file the token was printed for", usage: usage
                ).rendered)
            return ExitCode.usage
        }
        let reporters = ReporterSet(
            options.reporters, quiet: options.quiet, console: console, environment: environment, root: options.root)
        let interruption = RunInterruption()
        defer { interruption.remove() }
        let pool = WorkerPool(
            executable: RunCommand.executable(), root: options.root, workers: min(options.jobs, max(selected.count, 1)),
            timeout: options.timeout, interruption: interruption)
        pool.advice = RecordAdvice(tool: .commandLine(program))
        let jobs = selected.map {
            WorkerPool.Job(path: $0, name: ScenarioSelection.name(of: $0), record: .never, explore: options.explore)
        }
        let result: WorkerPool.Result
        do {
            var done = 0
            result = try pool.run(jobs) { outcome in
                done += 1
                reporters.progress(outcome, done: done, total: jobs.count)
            }
        } catch {
            console.error(
                "error: cannot start a worker process: \(error)\n"
                    + "  hint: check that the executable can be run again (it starts itself as its workers)")
            return ExitCode.failure
        }
        var notes: [Diagnostic] = []
        if let signal = result.interruption {
            notes.append(
                Diagnostic(
                    .error,
                    message: "interrupted by \(SignalName.short(signal)): \(result.outcomes.count) of "
                        + "\(selected.count) scenario\(selected.count == 1 ? "" : "s") explored; the reports list those",
                    hint: "run again to explore the rest"))
        }
        var report = RunReport(
            outcomes: result.outcomes + chosen.refused, obsoleteGoldens: [],
            strict: false, ci: false,
            wallTime: Date().timeIntervalSince(start), options: options.entries, notes: notes,
            interruption: result.interruption)
        report.advice = RecordAdvice(tool: .commandLine(program))
        return reporters.finish(report, status: report.exitCode, errors: console)
    }
}
