import CombineCompat

/// One play of `rehearsal mutate`: the mutant it runs under (none for the baseline play), and the operator calls it
/// reached, which the runner fills in.
///
/// ```swift
/// var runner = ScenarioRunner(catalog: catalog)
/// runner.mutation = MutationPlay(mutant: nil)                  // the baseline: change nothing, survey the calls
/// runner.run(file: "Scenarios/search/duplicates-dropped.json").mutation?.reached
/// // [ExampleApp/SearchViewModel.swift:58:14 removeDuplicates, …]
/// ```
public struct MutationPlay: Codable, Equatable, Sendable {
    /// The change in force; nil plays the ViewModel as written.
    public var mutant: Mutant?
    /// The operator calls the play reached (created), in call-site order.
    public var reached: [MutationPoint]
    /// The ViewModel the scenario plays (whose score the play counts for); empty until the runner fills it in.
    public var viewModel: String

    /// A play under `mutant`, with nothing reached yet.
    public init(mutant: Mutant?, reached: [MutationPoint] = [], viewModel: String = "") {
        self.mutant = mutant
        self.reached = reached
        self.viewModel = viewModel
    }

    /// Whether the play reached its mutant's call (false for the baseline).
    public var reachedMutant: Bool {
        guard let mutant else { return false }
        return reached.contains(mutant.point)
    }
}

extension MutationPlay {
    /// A fresh session for this play, which the runner installs in CombineCompat's ``MutationSeam`` on the thread
    /// that plays the scenario while it plays (a plain run has no play, so it installs nothing and never sees a
    /// mutant).
    func session() -> MutationSession { MutationSession(mutant: mutant) }

    /// The play of `viewModel` as `session` saw it: its mutant and what it reached.
    init(_ session: MutationSession, viewModel: String) {
        self.init(mutant: session.mutant, reached: session.reached, viewModel: viewModel)
    }
}
