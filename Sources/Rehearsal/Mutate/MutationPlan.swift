import CombineCompat
import RehearsalBase

/// Which mutant plays `rehearsal mutate` makes, from the baseline plays: for each ViewModel, every mutant of every
/// operator call its scenarios reached, in a fixed order (ViewModel, then call site, operator and change), with
/// the scenarios that reached it. Only scenarios whose baseline passed take part (one that fails as written cannot
/// tell a mutant from the bug it already has); `maxMutants` keeps the first mutants of that order.
package struct MutationPlan: Sendable {
    /// A mutant of one ViewModel and the scenarios of that ViewModel that reached its call.
    package struct Target: Sendable, Equatable {
        package var viewModel: String
        package var mutant: Mutant
        /// The scenarios' paths, sorted.
        package var paths: [PathName]
    }

    /// One play to make: a scenario under a mutant.
    package struct Play: Sendable, Hashable {
        package var path: PathName
        package var mutant: Mutant
    }

    /// Every baseline play, by path.
    package var baselines: [PathName: ScenarioOutcome]
    /// The mutants to play, in order.
    package var targets: [Target]
    /// How many mutants `maxMutants` left out.
    package var leftOut: Int

    /// The plan of `baselines` (one outcome of ``Mutator/play(file:mutant:)`` per scenario, nil mutant).
    package init(baselines: [ScenarioOutcome], maxMutants: Int?) {
        self.baselines = Dictionary(baselines.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var reaching: [String: [Mutant: [PathName]]] = [:]
        for baseline in baselines where baseline.status == .passed {
            guard let play = baseline.mutation else { continue }
            for point in play.reached {
                for mutant in point.mutants {
                    reaching[play.viewModel, default: [:]][mutant, default: []].append(baseline.path)
                }
            }
        }
        var all: [Target] = []
        for viewModel in reaching.keys.sorted() {
            let mutants = reaching[viewModel] ?? [:]
            for mutant in mutants.keys.sorted() {
                all.append(Target(viewModel: viewModel, mutant: mutant, paths: (mutants[mutant] ?? []).sorted()))
            }
        }
        let kept = maxMutants.map { min($0, all.count) } ?? all.count
        targets = Array(all.prefix(kept))
        leftOut = all.count - kept
    }

    /// The plays, target by target, scenario by scenario.
    package var plays: [Play] {
        targets.flatMap { target in target.paths.map { Play(path: $0, mutant: target.mutant) } }
    }

    /// The baselines that failed, in path order: their scenarios take no part.
    package var failedBaselines: [ScenarioOutcome] {
        baselines.values.filter { $0.status != .passed }.sorted { $0.path < $1.path }
    }
}
