import Foundation
import Rehearsal
import ScenarioJSON

/// Checks scenarios the way `rehearsal run` does — runs each (in this process, or in worker processes of a catalog
/// executable), compares it with its golden under the record mode — and reduces each to a ``Report``: what a test
/// framework shows for it.
///
/// ```swift
/// let check = ScenarioCheck(root: packageRoot, record: try RecordSetting(environment: environment))
/// let report = check.run("Scenarios/search/error.json", catalog: catalog)      // on the main thread
/// let reports = try check.run(paths, executable: workerURL, jobs: 2, timeout: 60) // from any thread
/// ```
/// Golden and artifact writes of every process checking the same root take turns on the project's lock, so parallel
/// test processes and workers never lose an artifact-index entry.
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

    /// Hints for `swift test`: goldens are updated with `REHEARSAL_RECORD`, locally.
    var advice: RecordAdvice { RecordAdvice(tool: .swiftTest, ci: record.ci) }

    /// Runs the scenario at `path` in this process and judges it, on the calling thread (any thread: scenarios take
    /// turns, one at a time per process).
    package func run(_ path: String, catalog: Catalog) -> Report {
        var runner = ScenarioRunner(catalog: catalog, loader: ScenarioLoader(root: root))
        runner.advice = advice
        let outcome = GoldenCheck(store: GoldenStore(root: root), mode: record.mode, advice: advice)
            .check(file: path, with: runner)
        var report = Report(outcome, record: record)
        guard runs > 1, report.failure == nil, let scenario = outcome.scenario else { return report }
        report.checkDeterminism(
            first: outcome, reruns: (1..<runs).map { _ in runner.run(scenario, path: PathName(path)) }, runs: runs,
            root: root)
        return report
    }

    /// Runs the scenarios at `paths` in worker processes of `executable` (a catalog executable: `_worker`), `jobs`
    /// at a time, and judges each; returns one report per path, in the order of `paths`. Blocks until all ended.
    /// - Throws: when a worker process cannot be started.
    package func run(_ paths: [String], executable: URL, jobs: Int, timeout: TimeInterval) throws -> [Report] {
        let pool = WorkerPool(
            executable: executable, root: root, workers: min(max(1, jobs), max(1, paths.count)), timeout: timeout)
        pool.advice = advice
        let judged = try pool.run(paths.map { job($0, record: record.mode) }, progress: { _ in }).outcomes
        var reports = Dictionary(judged.map { ($0.path.description, Report($0, record: record)) }) { first, _ in first }
        let firsts = Dictionary(judged.map { ($0.path.description, $0) }) { first, _ in first }
        if runs > 1 {
            let passing = paths.filter { reports[$0]?.failure == nil }
            let reruns = try pool.run(
                passing.flatMap { path in (1..<runs).map { _ in job(path, record: .never) } }, progress: { _ in }
            ).outcomes
            for (path, outcomes) in Dictionary(grouping: reruns, by: \.path.description) {
                guard let first = firsts[path] else { continue }
                reports[path]?.checkDeterminism(first: first, reruns: outcomes, runs: runs, root: root)
            }
        }
        return paths.map { path in
            reports[path] ?? Report(path: path, name: ScenarioLoader.name(ofPath: path), status: .crashed)
        }
    }

    private func job(_ path: String, record: RecordMode) -> WorkerPool.Job {
        WorkerPool.Job(path: PathName(path), name: ScenarioLoader.name(ofPath: path), mode: .check(record))
    }
}
