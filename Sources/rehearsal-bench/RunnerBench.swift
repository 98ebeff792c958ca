import ExampleCatalog
import Foundation
import Rehearsal

/// The `runner` suite: the bundled scenarios run in-process, over and over, on the main thread.
///
/// - `runner.scenarios_per_second`: runs per second over the whole bundled set (each run builds the ViewModel,
///   plays every step on a fresh virtual timeline, records the timeline and runs the end checks).
/// - `runner.rss_growth_10000_runs`: resident memory after 10,000 runs minus after the first 100, in MB.
/// - `runner.task_sleep_scenario_ms`: wall milliseconds for one run of a scenario with an hour of `Task.sleep` (60
///   naps of 60s, no injected clock), best of 20; every run must end at 1h with all 60 wake-ups, on virtual time.
enum RunnerBench {
    static func run() throws {
        let (root, loader, paths) = try bundledScenarios()
        let scenarios = try paths.map { path in
            do { return try loader.load(path) } catch { throw BenchError.invalid(path, "\(error)") }
        }
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: loader)
        let events = scenarios.map { runner.run($0).timeline?.events.count ?? 0 }
        report("runner.bundled_scenarios", Double(scenarios.count), "scenarios")
        report("runner.mean_events_per_scenario", Double(events.reduce(0, +)) / Double(events.count), "events")

        // Throughput: whole passes over the bundled set, best of three rounds of ~2,000 runs.
        let passes = max(1, 2_000 / scenarios.count)
        var best = Double.infinity
        for _ in 0..<3 {
            let seconds = measureSeconds {
                for _ in 0..<passes {
                    for scenario in scenarios { precondition(runner.run(scenario).succeeded) }
                }
            }
            best = min(best, seconds)
        }
        report("runner.scenarios_per_second", Double(passes * scenarios.count) / best, "scenarios/s")
        try DirectBaseline.run(scenarios: scenarios, runner: runner)
        try RunnerSplit.run(root: root)

        // Memory: resident set after 100 runs and after 10,000 runs.
        var runs = 0
        func runUntil(_ total: Int) {
            while runs < total {
                precondition(runner.run(scenarios[runs % scenarios.count]).succeeded)
                runs += 1
            }
        }
        runUntil(100)
        let early = residentBytes()
        runUntil(10_000)
        let late = residentBytes()
        report("runner.rss_growth_10000_runs", Double(late - early) / 1_048_576, "MB")
        report("runner.task_sleep_scenario_ms", try taskSleepScenarioMilliseconds(), "ms")
    }

    /// The package root (the current folder, where the benchmarks run), its loader, and the bundled scenario files
    /// under `Scenarios/`, of which there must be some.
    static func bundledScenarios() throws -> (root: String, loader: ScenarioLoader, paths: [String]) {
        let root = FileManager.default.currentDirectoryPath
        let loader = ScenarioLoader(root: root)
        let paths = loader.scenarioFiles(under: "Scenarios")
        guard !paths.isEmpty else { throw BenchError.noScenarios(root) }
        return (root, loader, paths)
    }

    /// Best of 20 runs of the hour of `Task.sleep`, checking each: 60 wake-ups, the last at 1h, virtual time.
    static func taskSleepScenarioMilliseconds() throws -> Double {
        let scenario = try TaskSleepScenario.load()
        let runner = ScenarioRunner(catalog: TaskSleepScenario.catalog)
        var best = Double.infinity
        for _ in 0..<20 {
            var result: ScenarioOutcome?
            let seconds = measureSeconds { result = runner.run(scenario) }
            guard let result, result.succeeded, result.systemTime == .virtual,
                let events = result.timeline?.events,
                events.filter({ $0.kind.label == .output }).count == TaskSleepScenario.steps,
                events.last?.at == .hours(1)
            else {
                throw BenchError.invalid("task-sleep", "the hour of Task.sleep did not play on virtual time")
            }
            best = min(best, seconds)
        }
        return best * 1_000
    }

    /// The process's resident set size, from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    enum BenchError: Error, CustomStringConvertible {
        case noScenarios(String)
        case invalid(String, String)

        var description: String {
            switch self {
            case .noScenarios(let root): return "no scenarios under \(root)/Scenarios; run from the package root"
            case .invalid(let path, let error): return "\(path) is invalid:\n\(error)"
            }
        }
    }
}
