import CombineCompat
import Foundation
import Rehearsal
import ScenarioJSON

/// What the workers do with each selected scenario.
package enum WorkMode: Codable, Equatable, Sendable {
    /// Run it once and compare its timeline with its golden, writing goldens as the record mode allows (`run`,
    /// `record`).
    case check(RecordMode)
    /// Play it without comparing it, and report what is wrong with the file (`validate`).
    case validate
    /// Explore its schedules (`explore`); nothing is recorded but shrunk race files.
    case explore(ExploreOptions)
    /// Play it once and hand back its outcome, compared with nothing: a check's confirming play, in a second worker
    /// with another hashing seed (see ``OtherProcessPlay``); never a command's mode.
    case play
    /// Play it once under a mutant (nil: as written, surveying the operator calls it reaches) and compare it with
    /// its golden, writing nothing (`mutate`, see ``MutationRun``).
    case mutate(Mutant?)
}

/// The one path of `run`, `record`, `validate` and `explore`: select the scenarios, hand them to worker processes
/// in the command's ``WorkMode``, collect the outcomes into a ``RunReport``, and give it to the reporters, which
/// decide the exit status. Interruption (SIGINT, SIGTERM: 130, 143), reporters and exit statuses are therefore the
/// same for all four.
struct RunPipeline {
    /// What to select, how to run it and where to report.
    var settings: RunSettings
    /// What the workers do.
    var mode: WorkMode
    /// The process: console, environment, the executable as invoked.
    var context: CommandContext
    /// The command's usage line, for usage errors found once the scenarios are known.
    var usage: String

    /// The hints' advice: this executable, on CI or not.
    var advice: RecordAdvice { RecordAdvice(tool: .commandLine(context.program), ci: settings.ci) }

    /// Runs the pipeline; returns the exit status.
    func execute() -> Int32 {
        let start = Date()
        // A report past the file size limit fails with EFBIG and is reported, instead of ending the run.
        signal(SIGXFSZ, SIG_IGN)
        let console = context.console
        let chosen: ScenarioSelection.Chosen
        do { chosen = try settings.choose(usage: usage, context: context) } catch { return error.status }
        let sharded: ShardSelection
        do {
            sharded = try ShardSelection(
                chosen.selected, shard: settings.shard, durationsFile: settings.durations, root: settings.root,
                usage: usage)
        } catch {
            console.error(error.text)
            return error.status
        }
        let selected = sharded.paths
        if case .explore(let options) = mode, options.replay != nil, selected.count != 1 {
            console.error(
                UsageError(
                    message: "--replay replays one scenario's schedule, and \(selected.count) scenarios are selected",
                    hint: "name the one scenario file the token was printed for", usage: usage
                ).rendered)
            return ExitCode.usage
        }
        let relaunched = InProcessRun.relaunchNote(context.environment).map { [$0] } ?? []
        let notes = sharded.notes + relaunched + (mode == .validate ? [] : removeStaleTemporaryFiles(selected))
        let reporters = ReporterSet(
            settings.reporters, quiet: settings.quiet, console: console, environment: context.environment,
            root: settings.root, validates: mode == .validate)
        let interruption = RunInterruption()
        defer { interruption.remove() }
        let ending = Ending(
            start: start, selected: selected, refused: chosen.refused, shard: sharded.record, notes: notes,
            reporters: reporters)
        let result: WorkerPool.Result
        do {
            result = try work(selected, reporters: reporters, interruption: interruption, ending: ending)
        } catch {
            console.error(WorkerPool.cannotStart(error))
            return ExitCode.failure
        }
        return finish(result, ending)
    }

    /// What the end of a run needs besides the outcomes: when it started, what was selected and refused, the notes so
    /// far, the reporters.
    struct Ending: @unchecked Sendable {
        var start: Date
        var selected: [PathName]
        var refused: [ScenarioOutcome]
        var shard: ShardRecord?
        var notes: [Diagnostic]
        var reporters: ReporterSet
    }

    /// Reports the run's outcomes to every reporter; returns the exit status.
    private func finish(_ result: WorkerPool.Result, _ ending: Ending) -> Int32 {
        let console = context.console
        let selected = ending.selected
        var notes = ending.notes
        if let signal = result.interruption {
            let done = result.outcomes.count
            notes.append(
                Diagnostic(
                    .error,
                    message: "interrupted by \(SignalName.short(signal)): \(done) of \(selected.count) scenario"
                        + "\(selected.count == 1 ? "" : "s") \(mode.pastTense); the reports list those",
                    hint: "run again to \(mode.verb) the rest"))
        }
        notes += formatOneNote(result.outcomes)
        if case .check = mode, settings.shard == nil, result.interruption == nil {
            notes += recordDurations(result.outcomes)
        }
        var obsolete: [String] = []
        if case .check = mode {
            obsolete = ObsoleteGoldens.find(
                in: ObsoleteGoldens.folders(of: settings.paths, root: settings.root), root: settings.root
            ).map(\.description)
        }
        var report = RunReport(
            outcomes: result.outcomes + ending.refused, obsoleteGoldens: obsolete, strict: settings.strict,
            ci: settings.ci, wallTime: Date().timeIntervalSince(ending.start), options: settings.entries(for: mode),
            notes: notes, interruption: result.interruption)
        report.advice = advice
        report.shard = ending.shard
        return ending.reporters.finish(report, status: report.exitCode, errors: console)
    }

    /// Plays `paths` in the mode on the worker pool; in check mode it then reruns failures (never recording) up to
    /// `retries` times. Stops at an interruption with what finished.
    private func work(
        _ paths: [PathName], reporters: ReporterSet, interruption: RunInterruption, ending: Ending
    ) throws -> WorkerPool.Result {
        if let relaunch = context.relaunch,
            InProcessRun.applies(
                scenarios: paths.count, mode: mode, retries: settings.retries, relaunch: relaunch,
                environment: context.environment),
            let here = inProcess(paths, relaunch: relaunch, interruption: interruption, ending: ending)
        {
            return here
        }
        let pool = settings.pool(playing: paths.count, interruption: interruption, advice: advice)
        var done = 0
        let jobs = paths.map { WorkerPool.Job(path: $0, name: ScenarioLoader.name(of: $0), mode: mode) }
        let first = try pool.run(jobs) { outcome in
            done += 1
            reporters.progress(outcome, done: done, total: jobs.count)
        }
        guard case .check = mode else { return first }
        var outcomes = first.outcomes
        var attempt = 1
        while attempt <= settings.retries, interruption.signal == nil {
            attempt += 1
            let failing = outcomes.filter { [.failed, .crashed, .timedOut].contains($0.status) && !$0.isInvalid }
            guard !failing.isEmpty else { break }
            let retried = try pool.run(
                failing.map { WorkerPool.Job(path: $0.path, name: $0.name, mode: .check(.never)) }, progress: { _ in })
            let passed = Set(retried.outcomes.filter { $0.status == .passed }.map(\.path))
            let retriedPaths = Set(failing.map(\.path))
            outcomes = outcomes.map { outcome in
                guard retriedPaths.contains(outcome.path) else { return outcome }
                var updated = outcome
                updated.attempts = attempt
                if passed.contains(outcome.path) { updated.status = .flaky }
                return updated
            }
        }
        return WorkerPool.Result(outcomes: outcomes, interruption: interruption.signal)
    }

    /// Plays `paths` in this process (see ``InProcessRun``); a scenario the watchdog gives up on ends the process
    /// with the run's reports. Nil when a check did not pass here: the workers play it, as for any other run.
    private func inProcess(
        _ paths: [PathName], relaunch: [String], interruption: RunInterruption, ending: Ending
    ) -> WorkerPool.Result? {
        let jobs = paths.map { WorkerPool.Job(path: $0, name: ScenarioLoader.name(of: $0), mode: mode) }
        let pipeline = UncheckedPipeline(pipeline: self)
        let here = InProcessRun(
            root: settings.root, timeout: settings.timeout, interruption: interruption, catalog: context.catalog,
            advice: advice, relaunch: relaunch,
            abandon: { result in
                if let last = result.outcomes.last {
                    ending.reporters.progress(last, done: result.outcomes.count, total: jobs.count)
                }
                let status = pipeline.pipeline.finish(result, ending)
                interruption.remove()
                _exit(status)
            })
        var done = 0
        return here.run(jobs) { outcome in
            done += 1
            ending.reporters.progress(outcome, done: done, total: jobs.count)
        }
    }

    /// The pipeline handed to the watchdog's thread, which finishes the run while the main thread is stuck.
    private struct UncheckedPipeline: @unchecked Sendable {
        var pipeline: RunPipeline
    }

    /// Writes how long each scenario took into the project's durations, which `--shard` balances by; a note when
    /// they cannot be written (the run itself is not the worse for it).
    private func recordDurations(_ outcomes: [ScenarioOutcome]) -> [Diagnostic] {
        do {
            try ScenarioDurations.record(ScenarioDurations(outcomes), root: settings.root)
            return []
        } catch {
            var note = error.diagnostic
            note.severity = .note
            note.hint = "check that .rehearsal/ can be written; --shard balances by the durations kept there"
            return [note]
        }
    }

    /// A note when goldens compared are still in an older timeline format, naming the formats.
    private func formatOneNote(_ outcomes: [ScenarioOutcome]) -> [Diagnostic] {
        let older = outcomes.compactMap { $0.golden?.format }.filter { $0 < .current }
        guard !older.isEmpty else { return [] }
        let formats = Set(older).sorted().map { String($0.rawValue) }
        let list = formats.count == 1 ? "format \(formats[0])" : "formats " + formats.joined(separator: " and ")
        return [
            Diagnostic(
                .note,
                message: "\(older.count) golden\(older.count == 1 ? " is" : "s are") in timeline \(list)",
                hint: "run '\(advice.command("migrate"))' to rewrite \(older.count == 1 ? "it" : "them") in format "
                    + "\(TimelineFormat.current.rawValue) (the same events), then commit")
        ]
    }

    /// Removes what killed runs left beside the goldens and artifacts about to be written (temporary files of
    /// processes that no longer run); a note says how many.
    private func removeStaleTemporaryFiles(_ paths: [PathName]) -> [Diagnostic] {
        let store = GoldenStore(root: settings.root)
        var folders: Set<PathName> = [store.absolute(PathName(store.artifactIndexPath).deletingLastComponent)]
        for path in paths {
            for file in [store.goldenPath(forScenario: path), store.artifactPath(forScenario: path)] {
                folders.insert(store.absolute(file.deletingLastComponent))
            }
        }
        let removed = folders.reduce(0) { $0 + AtomicFile.removeStaleTemporaryFiles(in: $1) }
        guard removed > 0 else { return [] }
        return [
            Diagnostic(
                .note,
                message: "removed \(removed) temporary file\(removed == 1 ? "" : "s") an interrupted run left "
                    + "beside goldens and artifacts")
        ]
    }

    /// This executable, which runs again as a worker.
    static func executable() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }
}

extension WorkMode {
    /// What the mode does to a scenario, for "run again to … the rest".
    var verb: String {
        switch self {
        case .check, .play: "run"
        case .validate: "validate"
        case .explore: "explore"
        case .mutate: "mutate"
        }
    }

    /// `ran`, `validated`, `explored`.
    var pastTense: String {
        switch self {
        case .check, .play: "ran"
        case .validate: "validated"
        case .explore: "explored"
        case .mutate: "played"
        }
    }
}
