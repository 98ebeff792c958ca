import Foundation

/// `rehearsal run` and `rehearsal record`: selects scenarios, runs them on worker processes, retries failures,
/// finds obsolete goldens and hands the report to every reporter.
struct RunCommand {
    var options: RunOptions
    var console: Console
    var environment: [String: String]

    func execute() -> Int32 {
        let start = Date()
        let selection = ScenarioSelection(root: options.root)
        let all: [String]
        do {
            all = try selection.files(in: options.paths, usage: CommandSpec.run.usage)
        } catch {
            console.error(error.rendered)
            return ExitCode.usage
        }
        let filtered = ScenarioSelection.filter(all, by: options.filter)
        if let filter = options.filter, filtered.isEmpty {
            console.error(
                "error: no scenario matches --filter '\(filter)' (of \(all.count))\n"
                    + "  hint: run 'rehearsal list' to see the scenario names")
            return ExitCode.failure
        }
        let selected = ScenarioSelection.shard(filtered, options.shard)
        let reporters = makeReporters()
        var verdicts: [Verdict]
        do {
            verdicts = try runAll(selected, reporters: reporters)
        } catch {
            console.error("error: cannot start a worker process: \(error)")
            return ExitCode.failure
        }
        let folders = ObsoleteGoldens.folders(of: options.paths, root: options.root)
        let report = RunReport(
            verdicts: verdicts, obsoleteGoldens: ObsoleteGoldens.find(in: folders, root: options.root),
            strict: options.strict, ci: options.ci != nil, wallTime: Date().timeIntervalSince(start),
            options: options.entries)
        verdicts = report.verdicts
        for reporter in reporters {
            do {
                try reporter.finish(report)
            } catch {
                console.error("error: cannot write a report: \(error)")
                return ExitCode.failure
            }
        }
        return report.exitCode
    }

    /// Runs `paths` once with the record mode, then reruns failures (never recording) up to `retries` times.
    private func runAll(_ paths: [String], reporters: [any Reporter]) throws -> [Verdict] {
        let pool = WorkerPool(
            executable: Self.executable(), root: options.root, workers: min(options.jobs, max(paths.count, 1)),
            timeout: options.timeout)
        var done = 0
        let jobs = paths.map { WorkerPool.Job(path: $0, name: ScenarioSelection.name(of: $0), record: options.record) }
        var verdicts = try pool.run(jobs) { verdict in
            done += 1
            for reporter in reporters { reporter.progress(verdict, done: done, total: jobs.count) }
        }
        var attempt = 1
        while attempt <= options.retries {
            attempt += 1
            let failing = verdicts.filter { [.failed, .crashed, .timedOut].contains($0.status) && !$0.invalid }
            guard !failing.isEmpty else { break }
            let retried = try pool.run(
                failing.map { WorkerPool.Job(path: $0.path, name: $0.name, record: "never") }, progress: { _ in })
            let passed = Set(retried.filter { $0.status == .passed }.map(\.path))
            let retriedPaths = Set(failing.map(\.path))
            verdicts = verdicts.map { verdict in
                guard retriedPaths.contains(verdict.path) else { return verdict }
                var updated = verdict
                updated.attempts = attempt
                if passed.contains(verdict.path) { updated.status = .flaky }
                return updated
            }
        }
        return verdicts
    }

    private func makeReporters() -> [any Reporter] {
        options.reporters.map { choice -> any Reporter in
            switch choice {
            case .console:
                ConsoleReporter(write: console.output, isTerminal: console.isTerminal, environment: environment)
            case .github: GitHubReporter(write: { console.output($0) })
            case .junit(let path): JUnitReporter(path: path)
            case .json(let path): JSONReporter(path: path)
            case .markdown(let path):
                MarkdownReporter(path: path, append: environment["GITHUB_STEP_SUMMARY"] == path)
            case .html(let directory): HTMLReporter(directory: directory, root: options.root)
            case .trace(let path): TraceReporter(path: path, root: options.root)
            }
        }
    }

    /// This executable, which runs again as a worker.
    static func executable() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }
}
