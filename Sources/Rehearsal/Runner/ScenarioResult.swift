import ScenarioJSON
import VirtualTime

/// The outcome of running one scenario: its timeline (as far as it got) and everything that went wrong.
public struct ScenarioResult: Sendable {
    /// The scenario's identity (`contributors/load-and-paginate`).
    public var name: String
    /// The scenario file, as given.
    public var path: String?
    /// The recorded timeline; `nil` when the scenario could not start (invalid file, unknown ViewModel…).
    public var timeline: Timeline?
    /// Problems that fail the scenario, in the order they were found.
    public var failures: [ScenarioFailure]
    /// End-of-scenario findings reported without failing (a scenario with `"strict": false`).
    public var notes: [ScenarioFailure]
    /// The scenario that ran (for its comparison mode and step locations); `nil` when its file did not load.
    public var scenario: Scenario? = nil
    /// Whether the ViewModel's own time sources (`Task.sleep`, `Date()`, `DispatchQueue`…) were virtual in this run,
    /// or real and why (switched off, or the interposition not in effect).
    public var systemTime: SystemTime = .virtual

    /// Whether the run itself went through without failures (golden comparison is separate).
    public var succeeded: Bool { failures.isEmpty }
}
