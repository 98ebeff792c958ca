import ExampleCatalog
import Foundation
import Rehearsal

/// The `mutate` suite: `rehearsal mutate`'s engine in-process on one thread over every bundled scenario (the
/// command line makes the same plays in its worker processes), beside plain runs of the same scenarios in the same
/// process, each the best of three rounds.
///
/// - `mutate.mutants_per_second`: mutants judged per second by a whole mutation run (the baselines, every mutant
///   play, the report).
/// - `mutate.vs_run`: mutant plays per second ÷ plain-run scenarios per second, where a plain run is what
///   `rehearsal run --record never` does with a scenario in its worker (play it, compare it with its golden) and a
///   mutant play is the same play under a mutant, compared with the golden. Target ≥ 0.8.
/// - Beside them: `mutate.mutant_plays_per_second`, `mutate.run_scenarios_per_second`, `mutate.mutants` (reached),
///   `mutate.killed`, `mutate.survived` (of which not observable), `mutate.mutant_plays`.
enum MutateBench {
    static func run() throws {
        let (root, loader, paths) = try RunnerBench.bundledScenarios()
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: loader)
        let mutator = Mutator(runner: runner)
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("rehearsal-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let check = GoldenCheck(store: GoldenStore(root: root, artifactsFolder: artifacts.path), mode: .never)

        let plan = MutationPlan(baselines: paths.map { mutator.play(file: $0, mutant: nil) }, maxMutants: nil)
        let plays = plan.plays
        guard !plays.isEmpty else { throw ExploreBench.Failure("the bundled scenarios reached no mutant") }
        var result: MutationReport?
        var best = (run: Double.infinity, plays: Double.infinity, mutate: Double.infinity)
        for _ in 0..<3 {
            let run = measureSeconds {
                for path in paths where check.check(runner.run(file: path)).status != .passed {
                    FileHandle.standardError.write(Data("warning: \(path) does not pass as written\n".utf8))
                }
            }
            let played = measureSeconds { for play in plays { _ = mutator.play(file: play.path, mutant: play.mutant) } }
            let whole = measureSeconds { result = mutator.mutate(files: paths) }
            best = (min(best.run, run), min(best.plays, played), min(best.mutate, whole))
        }
        let mutants = Double(result?.reached ?? 0)
        let runRate = Double(paths.count) / best.run
        let playRate = Double(plays.count) / best.plays
        report("mutate.mutants_per_second", mutants / best.mutate, "mutants/s")
        report("mutate.vs_run", playRate / runRate, "x", decimals: 2)
        report("mutate.mutant_plays_per_second", playRate, "plays/s")
        report("mutate.run_scenarios_per_second", runRate, "scenarios/s")
        report("mutate.mutants", mutants, "mutants", decimals: 0)
        report("mutate.killed", Double(result?.killed ?? 0), "mutants", decimals: 0)
        report("mutate.survived", Double(result?.survived ?? 0), "mutants", decimals: 0)
        report("mutate.mutant_plays", Double(plays.count), "plays", decimals: 0)
    }

}
