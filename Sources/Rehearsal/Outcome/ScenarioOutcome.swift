import ScenarioJSON
import VirtualTime

/// Everything known about one scenario, from the runner to every reporter: one model that each stage fills in.
///
/// ``ScenarioRunner`` makes it (`passed` or `failed`, the timeline, the findings), ``GoldenCheck`` compares it
/// with the golden (`recorded`, or `failed` with the mismatch), and the command line adds wall-clock time,
/// attempts, and the `crashed`, `timedOut` and `flaky` outcomes of worker processes. It is `Codable`: workers
/// send it to the command line, and `--reporter json` writes it in a form that decodes back into this type.
///
/// ```swift
/// let outcome = GoldenCheck(store: GoldenStore(root: "."), mode: .never)
///     .check(ScenarioRunner(catalog: catalog).run(file: "Scenarios/search/error.json"))
/// outcome.status                      // .failed
/// outcome.findings.first?.step?.index // 1: the step the first divergence is attributed to
/// print(outcome.text)                 // the findings, the diff and the last events, for people
/// ```
public struct ScenarioOutcome: Sendable {
    /// How a scenario ended.
    public enum Status: String, Codable, Sendable, CaseIterable {
        /// It ran without failures and matched its golden (or was not compared).
        case passed
        /// A run failure, or a timeline that differs from its golden.
        case failed
        /// It ran without failures and its golden was written.
        case recorded
        /// It failed, then passed on a retry: never counted as passed.
        case flaky
        /// The worker process died while running it.
        case crashed
        /// It ran longer than its wall-clock limit and its worker was stopped.
        case timedOut
    }

    /// The scenario's identity (`contributors/load-and-paginate`).
    public var name: String
    /// The scenario file, relative to the root, as the bytes the file system stores (see `PathName`).
    public var path: PathName
    /// How it ended.
    public var status: Status
    /// What failed it, in the order found.
    public var findings: [Finding]
    /// What did not fail it: findings of a `"strict": false` scenario, remarks about the run, what was recorded.
    public var notes: [Finding]
    /// The recorded timeline (as far as the run got); `nil` when it could not start.
    public var timeline: Timeline?
    /// The comparison with the golden, once ``GoldenCheck`` made it.
    public var golden: GoldenComparison?
    /// Wall-clock seconds the scenario took, measured by the command line (0 in-process).
    public var duration: Double
    /// How many times it ran (more than 1 with retries).
    public var attempts: Int
    /// The scenario that ran, for the comparison mode and step locations; not encoded.
    public var scenario: Scenario?
    /// What `rehearsal explore` did with the scenario (nil for a plain run).
    public var exploration: ExplorationSummary?
    /// The `rehearsal mutate` play this was: its mutant and the operator calls it reached (nil for any other run).
    public var mutation: MutationPlay?
    /// Whether the ViewModel's own time sources (`Task.sleep`, `Date()`, `DispatchQueue`…) were virtual in this run,
    /// or real and why; not encoded (a note of kind `.environment` says when it was real).
    public var systemTime: SystemTime = .virtual

    /// Creates an outcome.
    public init(
        name: String, path: PathName, status: Status, findings: [Finding] = [], notes: [Finding] = [],
        timeline: Timeline? = nil, golden: GoldenComparison? = nil, duration: Double = 0, attempts: Int = 1,
        scenario: Scenario? = nil
    ) {
        self.name = name
        self.path = path
        self.status = status
        self.findings = findings
        self.notes = notes
        self.timeline = timeline
        self.golden = golden
        self.duration = duration
        self.attempts = attempts
        self.scenario = scenario
    }

    /// How many of the last timeline events a failed, crashed or timed-out scenario shows.
    public static let shownEvents = 8

    /// Whether the run itself went through without failures (the golden comparison may still fail it).
    public var succeeded: Bool { findings.isEmpty }

    /// Whether it counts against the run.
    public var isFailure: Bool { [.failed, .crashed, .timedOut, .flaky].contains(status) }

    /// Whether it failed only because the scenario file is invalid (a command then exits 65).
    public var isInvalid: Bool {
        status == .failed && !findings.isEmpty && findings.allSatisfy { $0.kind == .invalid }
    }

    /// The last ``shownEvents`` events of the timeline.
    public var lastEvents: ArraySlice<TimelineEvent> { (timeline?.events ?? []).suffix(Self.shownEvents) }
}

extension ScenarioOutcome: Equatable {
    /// Outcomes are equal when everything but the (unencoded) scenario is.
    public static func == (lhs: ScenarioOutcome, rhs: ScenarioOutcome) -> Bool {
        lhs.name == rhs.name && lhs.path == rhs.path && lhs.status == rhs.status && lhs.findings == rhs.findings
            && lhs.notes == rhs.notes && lhs.timeline == rhs.timeline && lhs.golden == rhs.golden
            && lhs.duration == rhs.duration && lhs.attempts == rhs.attempts && lhs.exploration == rhs.exploration
            && lhs.mutation == rhs.mutation
    }
}

extension ScenarioOutcome: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, path, status, findings, notes, timeline, golden, duration, attempts, exploration, mutation
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            path: try container.decode(PathName.self, forKey: .path),
            status: try container.decode(Status.self, forKey: .status),
            findings: try container.decodeIfPresent([Finding].self, forKey: .findings) ?? [],
            notes: try container.decodeIfPresent([Finding].self, forKey: .notes) ?? [],
            timeline: try container.decodeIfPresent(Timeline.self, forKey: .timeline),
            golden: try container.decodeIfPresent(GoldenComparison.self, forKey: .golden),
            duration: try container.decodeIfPresent(Double.self, forKey: .duration) ?? 0,
            attempts: try container.decodeIfPresent(Int.self, forKey: .attempts) ?? 1)
        exploration = try container.decodeIfPresent(ExplorationSummary.self, forKey: .exploration)
        mutation = try container.decodeIfPresent(MutationPlay.self, forKey: .mutation)
    }

    /// Writes every member but the scenario.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(path, forKey: .path)
        try container.encode(status, forKey: .status)
        try container.encode(findings, forKey: .findings)
        try container.encode(notes, forKey: .notes)
        try container.encodeIfPresent(timeline, forKey: .timeline)
        try container.encodeIfPresent(golden, forKey: .golden)
        try container.encode(duration, forKey: .duration)
        try container.encode(attempts, forKey: .attempts)
        try container.encodeIfPresent(exploration, forKey: .exploration)
        try container.encodeIfPresent(mutation, forKey: .mutation)
    }
}
