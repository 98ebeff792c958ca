import ScenarioJSON

/// What the comparison of a run with its golden timeline came to: which golden, how it differed, what was written.
public struct GoldenComparison: Codable, Equatable, Sendable {
    /// The golden file (`Scenarios/a.timeline.json`).
    public var goldenPath: PathName
    /// How the run's timeline differs from the golden, when it does (also when the record mode rewrote it).
    public var mismatch: TimelineMismatch?
    /// Whether the golden was written (new, or rewritten by the record mode).
    public var written: Bool
    /// Where the run's timeline was kept for `rehearsal accept`, when it was.
    public var artifactPath: PathName?
    /// The format the golden was written in, when it was read (``TimelineFormat/v1`` asks for `rehearsal migrate`).
    public var format: TimelineFormat?

    /// Creates a comparison.
    public init(
        goldenPath: PathName, mismatch: TimelineMismatch? = nil, written: Bool = false, artifactPath: PathName? = nil
    ) {
        self.goldenPath = goldenPath
        self.mismatch = mismatch
        self.written = written
        self.artifactPath = artifactPath
    }
}
