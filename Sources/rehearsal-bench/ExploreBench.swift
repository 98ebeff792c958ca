import ExampleCatalog
import Foundation
import Rehearsal
import ScenarioJSON

/// The `explore` suite: `rehearsal explore`'s engine in-process on one thread (the command line runs the same engine
/// in its worker processes).
///
/// - `explore.schedules_per_second`: schedules explored per second over every bundled scenario (exhaustive, bound 2,
///   at most 2,000 schedules per scenario, no shrinking); each schedule is a whole run with its checks. Target ≥ 2,000.
/// - `explore.vs_run`: that ÷ `explore.run_scenarios_per_second`, the same scenarios plainly run (loaded once) as many
///   times as each had schedules, in the same process and round. Target ≥ 0.8.
/// - `explore.scenario_schedules`: how many schedules that took.
/// - `explore.iterations_to_find.<race>.<strategy>`: the schedule at which random and PCT (depth 3) find each bundled
///   race, median of seeds 1–20 (at most 1,000 schedules each; 1 is the default order). Target ≤ 100.
/// - `explore.shrink_seconds.<race>`: wall seconds to shrink each race found by the exhaustive search into its
///   `name.race-N.json` (written into a copy of the package's Scenarios and Mocks). Target ≤ 10 s.
enum ExploreBench {
    /// The bundled races, by row name.
    static let races = [
        ("random_user", "Scenarios/random-user/shuffle-while-arriving.json"),
        ("search", "Scenarios/search/responses-cross.json"),
    ]

    static func run() throws {
        let (root, loader, paths) = try RunnerBench.bundledScenarios()
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: loader)

        var explorer = Explorer(
            runner: runner, options: ExploreOptions(strategy: .exhaustive(bound: 2), limit: 2_000, shrink: false))
        var schedules = 0
        explorer.onSchedule = { _, _ in schedules += 1 }
        // Warm up, counting each scenario's schedules for the plain runs below.
        let perScenario = paths.map { path in
            schedules = 0
            _ = explorer.explore(file: path)
            return schedules
        }
        let loaded = try paths.map { path in
            do { return try runner.loader.load(path) } catch { throw Failure("\(path) is invalid:\n\(error)") }
        }
        var best = Double.infinity
        var plain = Double.infinity
        var counted = 0
        for _ in 0..<3 {
            schedules = 0
            let seconds = measureSeconds { for path in paths { _ = explorer.explore(file: path) } }
            best = min(best, seconds)
            counted = schedules
            // The same scenarios plainly run as often as each had schedules, in the same process.
            plain = min(
                plain,
                measureSeconds {
                    for (index, scenario) in loaded.enumerated() {
                        for _ in 0..<perScenario[index] { _ = runner.run(scenario, path: PathName(paths[index])) }
                    }
                })
        }
        let explored = Double(counted) / best
        let ran = Double(perScenario.reduce(0, +)) / plain
        report("explore.schedules_per_second", explored, "schedules/s")
        report("explore.scenario_schedules", Double(counted), "schedules")
        report("explore.run_scenarios_per_second", ran, "scenarios/s")
        report("explore.vs_run", explored / ran, "x", decimals: 2)

        for (race, path) in races {
            for (name, strategy) in [
                ("pct", { ExploreOptions.Strategy.pct(seed: $0, depth: 3) }), ("random", { .random(seed: $0) }),
            ] {
                var found: [Int] = []
                for seed in UInt64(1)...20 {
                    let finder = Explorer(
                        runner: runner, options: ExploreOptions(strategy: strategy(seed), limit: 1_000, shrink: false))
                    guard let failing = finder.explore(file: path).exploration?.failingSchedule else {
                        throw Failure("\(name) with seed \(seed) did not find the race in \(path) in 1,000 schedules")
                    }
                    found.append(failing)
                }
                report("explore.iterations_to_find.\(race).\(name)", median(found), "schedules")
            }
        }

        let sandbox = try Sandbox(copying: ["Scenarios", "Mocks"], from: root)
        defer { sandbox.remove() }
        let shrinker = Explorer(
            runner: ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: sandbox.path)),
            options: ExploreOptions())
        for (race, path) in races {
            try? FileManager.default.removeItem(atPath: sandbox.path + "/" + path.dropLast(5) + ".race-1.json")
            let summary = shrinker.explore(file: path).exploration
            guard let seconds = summary?.shrinkSeconds, summary?.shrunkPath != nil else {
                throw Failure("no shrunk scenario for \(path): \(summary?.shrinkNote ?? "the race was not found")")
            }
            report("explore.shrink_seconds.\(race)", seconds, "s", decimals: 3)
        }
    }

    static func median(_ values: [Int]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A temporary copy of some folders of the package.
    struct Sandbox {
        let path: String

        init(copying folders: [String], from root: String) throws {
            path =
                FileManager.default.temporaryDirectory.appendingPathComponent("rehearsal-explore-\(UUID().uuidString)")
                .path
            for folder in folders {
                try FileManager.default.copyItem(atPath: root + "/" + folder, toPath: path + "/" + folder)
            }
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
