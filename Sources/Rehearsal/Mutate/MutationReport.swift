import CombineCompat

/// What `rehearsal mutate` found, per ViewModel: the mutants its scenarios reached, which of them some scenario
/// noticed (killed) and which all of them let through (survived), each with its call site and change. It is
/// `Codable`: `--reporter json:PATH` writes it.
///
/// A mutant is **killed** when some scenario that reached its call fails under it: a finding (an end check, a mock
/// error, a property, a runaway timeline), a timeline that differs from the golden, a crash or a timeout of its
/// worker. It **survived** when every such scenario passed; and is **not observable by these scenarios** when each
/// of them also played exactly the timeline it plays as written (no scenario could have noticed it). The score is
/// killed ÷ reached (mutants not observable count as reached: they are what the scenarios do not look at).
public struct MutationReport: Codable, Equatable, Sendable {
    /// What happened to one mutant.
    public enum Verdict: String, Codable, Sendable {
        case killed, survived, notObservable
    }

    /// Why a scenario killed a mutant.
    public struct Kill: Codable, Equatable, Sendable {
        /// How the scenario failed.
        public enum Cause: String, Codable, Sendable {
            /// A finding of the run (an end check, a mock error, a property, a runaway).
            case finding
            /// Its timeline differs from the golden.
            case golden
            /// Its worker crashed.
            case crashed
            /// Its worker ran past `--timeout`.
            case timedOut
        }

        /// The scenario's name.
        public var scenario: String
        public var cause: Cause
        /// The first finding's message, or how the timeline differs.
        public var message: String
    }

    /// One mutant of one ViewModel.
    public struct MutantResult: Codable, Equatable, Sendable {
        public var mutant: Mutant
        public var verdict: Verdict
        /// The scenarios that reached its call, by name.
        public var scenarios: [String]
        /// The scenarios that killed it, in name order.
        public var kills: [Kill]
        /// For a mutant not killed: what a scenario could send to notice it.
        public var hint: String?
    }

    /// One ViewModel's score.
    public struct ViewModelScore: Codable, Equatable, Sendable {
        public var viewModel: String
        /// Its mutants, in call-site order.
        public var mutants: [MutantResult]
        public var reached: Int
        public var killed: Int
        public var survived: Int
        /// killed ÷ reached (1 when nothing was reached).
        public var score: Double

        /// The score of `mutants`.
        public init(viewModel: String, mutants: [MutantResult]) {
            self.viewModel = viewModel
            self.mutants = mutants
            reached = mutants.count
            killed = mutants.count { $0.verdict == .killed }
            survived = reached - killed
            score = MutationReport.score(killed: killed, reached: reached)
        }
        /// The mutants that were not killed.
        public var survivors: [MutantResult] { mutants.filter { $0.verdict != .killed } }
    }

    /// A scenario whose baseline play failed, so it took no part.
    public struct SkippedScenario: Codable, Equatable, Sendable {
        public var scenario: String
        public var path: String
        public var status: ScenarioOutcome.Status
    }

    /// The ViewModels whose scenarios reached a mutant, by name.
    public var viewModels: [ViewModelScore]
    /// The ViewModels whose scenarios pass as written but reached no mutation point (no operator call Rehearsal can
    /// mutate, such as a `Task.sleep(nanoseconds:)` only), by name.
    public var unreached: [String]
    /// Scenarios left out because they fail as written.
    public var skipped: [SkippedScenario]
    /// Mutants left out by `--max-mutants`.
    public var leftOut: Int
    /// How many plays were made (baselines and mutant plays).
    public var plays: Int

    public var reached: Int
    public var killed: Int
    public var survived: Int
    /// killed ÷ reached over every ViewModel (1 when nothing was reached).
    public var score: Double

    /// killed ÷ reached, 1 when nothing was reached.
    static func score(killed: Int, reached: Int) -> Double { reached == 0 ? 1 : Double(killed) / Double(reached) }

    /// The report of `plan`'s mutant `plays` (one outcome per play, in any order; each carries its mutant).
    package init(plan: MutationPlan, plays: [ScenarioOutcome]) {
        var byPlay: [MutationPlan.Play: ScenarioOutcome] = [:]
        for outcome in plays {
            guard let mutant = outcome.mutation?.mutant else { continue }
            byPlay[MutationPlan.Play(path: outcome.path, mutant: mutant)] = outcome
        }
        var scores: [String: [MutantResult]] = [:]
        for target in plan.targets {
            var kills: [Kill] = []
            var unchanged = true
            var names: [String] = []
            for path in target.paths {
                let baseline = plan.baselines[path]
                let name = baseline?.name ?? path.description
                names.append(name)
                guard let played = byPlay[MutationPlan.Play(path: path, mutant: target.mutant)] else { continue }
                if let kill = Self.kill(played, name: name) {
                    kills.append(kill)
                } else if played.timeline?.events != baseline?.timeline?.events {
                    unchanged = false
                }
            }
            let verdict: Verdict = !kills.isEmpty ? .killed : unchanged ? .notObservable : .survived
            scores[target.viewModel, default: []].append(
                MutantResult(
                    mutant: target.mutant, verdict: verdict, scenarios: names.sorted(),
                    kills: kills.sorted { $0.scenario < $1.scenario },
                    hint: verdict == .killed ? nil : target.mutant.observationHint))
        }
        viewModels = scores.keys.sorted().map { ViewModelScore(viewModel: $0, mutants: scores[$0] ?? []) }
        let played = Set(plan.baselines.values.filter { $0.status == .passed }.compactMap(\.mutation?.viewModel))
        unreached = played.subtracting(scores.keys).filter { !$0.isEmpty }.sorted()
        skipped = plan.failedBaselines.map {
            SkippedScenario(scenario: $0.name, path: $0.path.description, status: $0.status)
        }
        leftOut = plan.leftOut
        self.plays = plan.baselines.count + plays.count
        reached = viewModels.reduce(0) { $0 + $1.reached }
        killed = viewModels.reduce(0) { $0 + $1.killed }
        survived = reached - killed
        score = Self.score(killed: killed, reached: reached)
    }

    private static func kill(_ outcome: ScenarioOutcome, name: String) -> Kill? {
        switch outcome.status {
        case .crashed:
            return Kill(
                scenario: name, cause: .crashed, message: outcome.findings.first?.diagnostic.message ?? "crashed")
        case .timedOut:
            return Kill(
                scenario: name, cause: .timedOut, message: outcome.findings.first?.diagnostic.message ?? "timed out")
        case .passed, .recorded:
            return nil
        case .failed, .flaky:
            if let finding = outcome.findings.first {
                return Kill(scenario: name, cause: .finding, message: finding.diagnostic.message)
            }
            let changed = outcome.golden?.mismatch?.differences.count ?? 0
            return Kill(
                scenario: name, cause: .golden,
                message: "its timeline differs from the golden in \(changed) event\(changed == 1 ? "" : "s")")
        }
    }
}
