import ExampleCatalog
import Foundation
import Rehearsal
import Synchronization
import VirtualTime

/// The `determinism` suite: every bundled scenario, and the hour of `Task.sleep`, run 1,000 times each (or
/// `REHEARSAL_DETERMINISM_RUNS`) in release while two busy threads of our own keep both cores loaded; every
/// timeline must be byte-identical to the first run's, and a bundled scenario's to its golden.
///
/// - `determinism.scenarios`: scenarios checked.
/// - `determinism.runs`: runs in all.
/// - `determinism.differing_scenarios`: scenarios with a run whose timeline differed from the first (must be 0).
/// - `determinism.golden_mismatches`: bundled scenarios whose timeline differs from the committed golden (must be 0).
/// - `determinism.load_spins_per_second`: millions of loop turns per second of the load threads (the load was real).
/// - `determinism.seconds`: wall time of the suite.
enum DeterminismBench {
    static func run() throws {
        let runs = Int(ProcessInfo.processInfo.environment["REHEARSAL_DETERMINISM_RUNS"] ?? "") ?? 1_000
        let (root, loader, paths) = try RunnerBench.bundledScenarios()
        var cases: [(name: String, scenario: Scenario, runner: ScenarioRunner, golden: String?)] = try paths.map {
            path in
            let scenario: Scenario
            do { scenario = try loader.load(path) } catch { throw RunnerBench.BenchError.invalid(path, "\(error)") }
            let golden = try? String(
                contentsOfFile: root + "/" + path.dropLast(".json".count) + ".timeline.json", encoding: .utf8)
            return (path, scenario, ScenarioRunner(catalog: exampleCatalog, loader: loader), golden)
        }
        cases.append(
            ("task-sleep", try TaskSleepScenario.load(), ScenarioRunner(catalog: TaskSleepScenario.catalog), nil))

        let load = CPULoad(threads: 2, limit: 900)
        var differing: [String] = []
        var goldenMismatches: [String] = []
        let seconds = measureSeconds {
            load.start()
            defer { load.stop() }
            for item in cases {
                let first = item.runner.run(item.scenario).timeline?.canonicalText
                if let golden = item.golden, golden != first { goldenMismatches.append(item.name) }
                for _ in 1..<runs where item.runner.run(item.scenario).timeline?.canonicalText != first {
                    differing.append(item.name)
                    break
                }
            }
        }
        report("determinism.scenarios", Double(cases.count), "scenarios")
        report("determinism.runs", Double(cases.count * runs), "runs")
        report("determinism.differing_scenarios", Double(differing.count), "scenarios")
        report("determinism.golden_mismatches", Double(goldenMismatches.count), "scenarios")
        report("determinism.load_spins_per_second", Double(load.spins) / seconds / 1e6, "M/s")
        report("determinism.seconds", seconds, "s")
        guard differing.isEmpty, goldenMismatches.isEmpty else {
            throw VirtualTimeBench.Failure(
                "timelines differ between runs: \(differing); from their golden: \(goldenMismatches)")
        }
    }
}

/// Busy threads that keep cores loaded, each stopping by itself after `limit` seconds at the latest.
final class CPULoad: @unchecked Sendable {
    private let threads: Int
    private let limit: Double
    private let stopped = Atomic<Bool>(false)
    private let spinCount = Atomic<Int>(0)
    private let finished = DispatchGroup()

    init(threads: Int, limit: Double) {
        self.threads = threads
        self.limit = limit
    }

    /// Loop turns of all threads so far.
    var spins: Int { spinCount.load(ordering: .relaxed) }

    func start() {
        for _ in 0..<threads {
            finished.enter()
            Thread { [self] in
                let deadline = RealClock.monotonicNanoseconds + Int64(limit * 1e9)
                var turns = 0
                while !stopped.load(ordering: .relaxed) {
                    turns &+= 1
                    if turns & 0xFFFF == 0, RealClock.monotonicNanoseconds > deadline { break }
                }
                spinCount.add(turns, ordering: .relaxed)
                finished.leave()
            }.start()
        }
    }

    /// Stops the threads and waits for them.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        finished.wait()
    }
}
