import Foundation
import Rehearsal

/// Checks scenarios the way `rehearsal run` does — runs each (in this process, or in worker processes of a catalog
/// executable), compares it with its golden under the record mode — and reduces each to a ``Report``: what a test
/// framework shows for it.
///
/// ```swift
/// let check = ScenarioCheck(root: packageRoot, record: try RecordSetting(environment: environment))
/// let report = check.run("Scenarios/search/error.json", catalog: catalog)      // on the main thread
/// let reports = try check.run(paths, executable: workerURL, jobs: 2, timeout: 60) // from any thread
/// ```
/// Golden writes of every process checking the same root take turns on one lock file, so parallel test processes
/// and workers never lose an artifact-index entry.
package struct ScenarioCheck: Sendable {
    /// The package root scenario paths are relative to.
    package var root: String
    /// Which goldens may be written, and whether this is CI.
    package var record: RecordSetting
    /// How many times each scenario runs; every run must give the same timeline (the first is judged).
    package var runs: Int

    /// Creates a check.
    package init(root: String, record: RecordSetting, runs: Int = 1) {
        self.root = root
        self.record = record
        self.runs = max(1, runs)
    }

    /// Runs the scenario at `path` in this process and judges it. Call it on the main thread.
    package func run(_ path: String, catalog: Catalog) -> Report {
        let runner = ScenarioRunner(catalog: catalog, loader: ScenarioLoader(root: root))
        let result = runner.run(file: path)
        let verdict = ScenarioJudge(root: root, lock: GoldenLock(path: lockPath))
            .verdict(for: result, path: path, record: record.mode.rawValue)
        var report = Report(verdict, record: record)
        guard runs > 1, verdict.status != .failed, let first = result.timeline, let scenario = result.scenario else {
            return report
        }
        let reruns = (1..<runs).map { _ in runner.run(scenario, path: path).timeline }
        report.addDeterminismFailure(first: first, reruns: reruns, scenario: scenario, runs: runs)
        return report
    }

    /// Runs the scenarios at `paths` in worker processes of `executable` (a catalog executable: `_worker`), `jobs`
    /// at a time, and judges each; returns one report per path, in the order of `paths`. Blocks until all ended.
    /// - Throws: when a worker process cannot be started.
    package func run(_ paths: [String], executable: URL, jobs: Int, timeout: TimeInterval) throws -> [Report] {
        let pool = WorkerPool(
            executable: executable, root: root, workers: min(max(1, jobs), max(1, paths.count)), timeout: timeout,
            goldenLock: lockPath)
        let judged = try pool.run(
            paths.map { WorkerPool.Job(path: $0, name: ScenarioSelection.name(of: $0), record: record.mode.rawValue) },
            progress: { _ in })
        var reports = Dictionary(judged.map { ($0.path, Report($0, record: record)) }) { first, _ in first }
        if runs > 1 {
            let reruns = try pool.run(
                paths.flatMap { path in
                    (1..<runs).map { _ in
                        WorkerPool.Job(path: path, name: ScenarioSelection.name(of: path), record: "never")
                    }
                },
                progress: { _ in })
            let byPath = Dictionary(grouping: reruns, by: \.path)
            for (path, verdicts) in byPath {
                reports[path]?.addDeterminismFailure(reruns: verdicts, runs: runs, root: root)
            }
        }
        return paths.map { path in
            reports[path] ?? Report(path: path, name: ScenarioSelection.name(of: path), status: .crashed)
        }
    }

    /// The lock file every process checking goldens under `root` takes turns on (in the temporary folder, named
    /// after the root, so that checking writes nothing in the package).
    var lockPath: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in root.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let name = "rehearsal-goldens-" + String(hash, radix: 16) + ".lock"
        return FileManager.default.temporaryDirectory.appendingPathComponent(name).path
    }
}
