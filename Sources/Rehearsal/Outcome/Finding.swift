import ScenarioJSON

/// One thing a run found: a failure (or, for a `"strict": false` scenario and for remarks about the run, a note),
/// with its kind, its located diagnostic and the step it is about.
///
/// ```swift
/// outcome.findings.first?.kind            // .mock
/// outcome.findings.first?.step?.index     // 2
/// outcome.findings.first?.diagnostic.location?.description   // "Scenarios/a.json:9:5"
/// ```
public struct Finding: Codable, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// The scenario file does not fit the format or the catalog (unknown ViewModel, input or mock, a config
        /// that does not decode): fixing the file fixes it. Only these make a command exit 65.
        case invalid
        /// A step's value could not be delivered (wrong type, missing value).
        case input
        /// A mock call had no usable response, or a scripted body did not decode.
        case mock
        /// The ViewModel's factory threw (something other than a config that does not decode).
        case factory
        /// The virtual timeline hit a limit (runaway timer, task that never settles).
        case runaway
        /// An end-of-scenario check found leftover work, unused responses or a leaked ViewModel.
        case endCheck
        /// A property the scenario states (`"properties"`) does not hold in the recorded timeline.
        case property
        /// The golden timeline: missing, unreadable, different from the run, or not writable.
        case golden
        /// The worker process running the scenario died.
        case crashed
        /// The scenario ran past its wall-clock limit and its worker was stopped.
        case timedOut
        /// The run was interrupted (SIGINT, SIGTERM) before the scenario finished.
        case interrupted
        /// About how the scenario ran rather than what it did (for example, a time source that was not virtual).
        case environment
        /// The ViewModel did off the main thread what a phone does on it: an output, `@Published` or route emission
        /// made from background work (a service answering off the main thread without `receive(on:)`).
        case mainThread
        /// Two runs of the scenario (each with a fresh ViewModel) gave different timelines: a value or an event
        /// that does not come from the scenario (a UUID, a random number, a counter that outlives the ViewModel).
        case nondeterministic
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The message for people, with its location, excerpt and hint.
    public var diagnostic: Diagnostic
    /// The step it is about, when it is about one.
    public var step: StepReference?
    /// What a crashed worker printed last (empty otherwise).
    public var output: [String]
    /// For a `.property` finding: the property's index in the scenario's `properties`.
    public var property: Int?

    /// Creates a finding.
    public init(_ kind: Kind, _ diagnostic: Diagnostic, step: StepReference? = nil, output: [String] = []) {
        self.kind = kind
        self.diagnostic = diagnostic
        self.step = step
        self.output = output
    }

    /// The diagnostic, then what the worker printed.
    public var description: String {
        guard !output.isEmpty else { return diagnostic.description }
        return ([diagnostic.description, "worker output:"] + output.map { "  \($0)" }).joined(separator: "\n")
    }
}
