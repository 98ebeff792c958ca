import CombineCompat
import RehearsalBase
import ScenarioJSON

/// Plays scenarios for `rehearsal mutate`: once as written (the baseline, which surveys the operator calls the
/// scenario reaches), then once per mutant whose call it reached, each judged against the scenario's golden without
/// writing anything (no golden, no artifact).
///
/// ```swift
/// let mutator = Mutator(runner: ScenarioRunner(catalog: catalog, loader: ScenarioLoader(root: root)))
/// let report = mutator.mutate(files: ["Scenarios/search/debounce-typing.json"])
/// report.viewModels.first?.survivors.first?.mutant.point.site   // ExampleApp/SearchViewModel.swift:58:14
/// ```
/// The command line plays the same plays on its worker pool (``play(file:mutant:)`` in each worker) and builds the
/// same ``MutationReport`` from them.
package struct Mutator {
    /// Plays each scenario (its catalog, loader and limits).
    package var runner: ScenarioRunner

    /// Creates a mutator.
    package init(runner: ScenarioRunner) {
        self.runner = runner
    }

    /// One play of the scenario file at `path` under `mutant` (nil: the baseline), compared with its golden:
    /// `passed` when the run had no finding and its timeline matches the golden, else `failed` (with the mismatch
    /// in ``ScenarioOutcome/golden``). Its ``ScenarioOutcome/mutation`` lists the operator calls reached.
    package func play(file path: PathName, mutant: Mutant?) -> ScenarioOutcome {
        var playing = runner
        playing.mutation = MutationPlay(mutant: mutant)
        playing.eventObserver = nil
        var outcome = playing.run(file: path)
        if outcome.mutation == nil { outcome.mutation = MutationPlay(mutant: mutant) }
        guard outcome.findings.isEmpty, let timeline = outcome.timeline else {
            outcome.status = .failed
            return outcome
        }
        let store = GoldenStore(root: runner.loader.root)
        let goldenPath = store.goldenPath(forScenario: path)
        outcome.golden = GoldenComparison(goldenPath: goldenPath)
        let golden: Timeline?
        do {
            golden = try store.readGolden(forScenario: path)
        } catch {
            outcome.status = .failed
            outcome.findings.append(Finding(.golden, error.diagnostic))
            return outcome
        }
        guard let golden else {
            outcome.status = .failed
            outcome.findings.append(
                Finding(
                    .golden,
                    Diagnostic(
                        .error, location: SourceLocation(path: path.description, line: 1),
                        message: "no golden timeline at \(goldenPath)", hint: runner.advice.toRecord(path))))
            return outcome
        }
        outcome.golden?.mismatch = TimelineMismatch.compare(
            expected: golden, actual: timeline, comparison: outcome.scenario?.comparison ?? .exact,
            goldenPath: goldenPath.description, scenario: outcome.scenario)
        outcome.status = outcome.golden?.mismatch == nil ? .passed : .failed
        return outcome
    }

    /// ``play(file:mutant:)`` of a path given as text (UTF-8).
    package func play(file path: String, mutant: Mutant?) -> ScenarioOutcome {
        play(file: PathName(path), mutant: mutant)
    }

    /// ``mutate(files:maxMutants:)`` of paths given as text (UTF-8).
    package func mutate(files: [String], maxMutants: Int? = nil) -> MutationReport {
        mutate(files: files.map { PathName($0) }, maxMutants: maxMutants)
    }

    /// Everything in this process: the baselines of `files`, then every planned mutant on every scenario that
    /// reaches it (at most `maxMutants` mutants), reported as the command line reports it.
    package func mutate(files: [PathName], maxMutants: Int? = nil) -> MutationReport {
        let baselines = files.map { play(file: $0, mutant: nil) }
        let plan = MutationPlan(baselines: baselines, maxMutants: maxMutants)
        let plays = plan.plays.map { play(file: $0.path, mutant: $0.mutant) }
        return MutationReport(plan: plan, plays: plays)
    }
}
