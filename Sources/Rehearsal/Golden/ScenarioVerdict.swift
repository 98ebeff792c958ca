/// What a scenario run came to once its timeline was compared with (or recorded as) its golden.
public struct ScenarioVerdict: Sendable {
    /// The outcome.
    public enum Status: String, Sendable {
        /// The run succeeded and its timeline matches the golden.
        case passed
        /// The run failed, or its golden is missing, unreadable or different (and the mode did not rewrite it).
        case failed
        /// The run succeeded and its golden was written (new, or rewritten by the record mode).
        case recorded
    }

    /// The outcome.
    public var status: Status
    /// The run.
    public var result: ScenarioResult
    /// The golden file the run was compared with (`Scenarios/a.timeline.json`).
    public var goldenPath: String
    /// How the run's timeline differs from the golden, when it does (also set when the mode rewrote the golden).
    public var mismatch: TimelineMismatch?
    /// Whether the golden file was written.
    public var goldenWritten: Bool
    /// Whether the run's timeline was kept as an artifact for `accept`.
    public var artifactWritten: Bool
    /// What happened and what to do next, for people (the run's own failures stay in `result.failures`).
    public var messages: [String]

    /// Creates a verdict (``GoldenCheck/verdict(for:)`` makes them; reporters' tests may too).
    public init(
        status: Status, result: ScenarioResult, goldenPath: String, mismatch: TimelineMismatch? = nil,
        goldenWritten: Bool = false, artifactWritten: Bool = false, messages: [String] = []
    ) {
        self.status = status
        self.result = result
        self.goldenPath = goldenPath
        self.mismatch = mismatch
        self.goldenWritten = goldenWritten
        self.artifactWritten = artifactWritten
        self.messages = messages
    }
}
