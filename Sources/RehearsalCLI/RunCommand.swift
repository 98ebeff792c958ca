import Foundation
import Rehearsal
import ScenarioJSON

/// `rehearsal run` and `rehearsal record`: selects scenarios, runs them on worker processes, retries failures,
/// finds obsolete goldens and hands the report to every reporter. SIGINT and SIGTERM stop it early with the
/// reports of what finished (exit 130 and 143).
struct RunCommand {
    var options: RunOptions
    var console: Console
    var environment: [String: String]
    /// The executable's name as invoked, which hints name (`store-rehearsal record …`).
    var program = "rehearsal"

    /// The hints' advice: this executable, on CI or not.
    var advice: RecordAdvice { RecordAdvice(tool: .commandLine(program), ci: options.ci != nil) }

    func execute() -> Int32 {
        let start = Date()
        // A report past the file size limit fails with EFBIG and is reported, instead of ending the run.
        signal(SIGXFSZ, SIG_IGN)
        let chosen: ScenarioSelection.Chosen
        do {
            chosen = try ScenarioSelection(root: options.root).choose(
                options.paths, filter: options.filter, reporters: options.reporters, usage: options.usage,
                program: program)
        } catch {
            console.error(error.text)
            return error.status
        }
        let selected = ScenarioSelection.shard(chosen.selected, options.shard)
        var notes = removeStaleTemporaryFiles(selected)
        let reporters = ReporterSet(
            options.reporters, quiet: options.quiet, console: console, environment: environment, root: options.root)
        let interruption = RunInterruption()
        defer { interruption.remove() }
        let result: WorkerPool.Result
        do {
            result = try runAll(selected, reporters: reporters, interruption: interruption)
        } catch {
            console.error(
                "error: cannot start a worker process: \(error)\n"
                    + "  hint: check that the executable can be run again (it starts itself as its workers)")
            return ExitCode.failure
        }
        if let signal = result.interruption {
            let done = result.outcomes.count
            notes.append(
                Diagnostic(
                    .error,
                    message: "interrupted by \(SignalName.short(signal)): \(done) of \(selected.count) scenario"
                        + "\(selected.count == 1 ? "" : "s") ran; the reports list those",
                    hint: "run again to run the rest"))
        }
        let formatOne = result.outcomes.count { $0.golden?.format == .v1 }
        if formatOne > 0 {
            notes.append(
                Diagnostic(
                    .note,
                    message: "\(formatOne) golden\(formatOne == 1 ? " is" : "s are") in timeline format 1",
                    hint: "run '\(advice.command("migrate"))' to rewrite \(formatOne == 1 ? "it" : "them") in format "
                        + "\(TimelineFormat.current.rawValue) (the same events), then commit"))
        }
        let folders = ObsoleteGoldens.folders(of: options.paths, root: options.root)
        var report = RunReport(
            outcomes: result.outcomes + chosen.refused,
            obsoleteGoldens: ObsoleteGoldens.find(in: folders, root: options.root),
            strict: options.strict, ci: options.ci != nil, wallTime: Date().timeIntervalSince(start),
            options: options.entries, notes: notes, interruption: result.interruption)
        report.advice = advice
        return reporters.finish(report, status: report.exitCode, errors: console)
    }

    /// Runs `paths` once with the record mode, then reruns failures (never recording) up to `retries` times;
    /// stops at an interruption with what finished.
    private func runAll(
        _ paths: [String], reporters: ReporterSet, interruption: RunInterruption
    ) throws -> WorkerPool.Result {
        let pool = WorkerPool(
            executable: Self.executable(), root: options.root, workers: min(options.jobs, max(paths.count, 1)),
            timeout: options.timeout, interruption: interruption)
        pool.advice = advice
        var done = 0
        let jobs = paths.map { WorkerPool.Job(path: $0, name: ScenarioSelection.name(of: $0), record: options.record) }
        let first = try pool.run(jobs) { outcome in
            done += 1
            reporters.progress(outcome, done: done, total: jobs.count)
        }
        var outcomes = first.outcomes
        var attempt = 1
        while attempt <= options.retries, interruption.signal == nil {
            attempt += 1
            let failing = outcomes.filter { [.failed, .crashed, .timedOut].contains($0.status) && !$0.isInvalid }
            guard !failing.isEmpty else { break }
            let retried = try pool.run(
                failing.map { WorkerPool.Job(path: $0.path, name: $0.name, record: .never) }, progress: { _ in })
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

    /// Removes what killed runs left beside the goldens and artifacts about to be written (temporary files of
    /// processes that no longer run); a note says how many.
    private func removeStaleTemporaryFiles(_ paths: [String]) -> [Diagnostic] {
        let store = GoldenStore(root: options.root)
        var folders: Set<String> = [store.absolute((store.artifactIndexPath as NSString).deletingLastPathComponent)]
        for path in paths {
            for file in [store.goldenPath(forScenario: path), store.artifactPath(forScenario: path)] {
                folders.insert(store.absolute((file as NSString).deletingLastPathComponent))
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
