/// How `rehearsal explore` chooses schedules, and how far it goes.
public struct ExploreOptions: Codable, Equatable, Sendable {
    /// How schedules are chosen.
    public enum Strategy: Codable, Equatable, Sendable {
        /// A uniformly random option at every choice point; schedule i of a seed is always the same.
        case random(seed: UInt64)
        /// Probabilistic concurrency testing with bug depth `depth` (see ``PCTSource``).
        case pct(seed: UInt64, depth: Int)
        /// Every schedule in which at most `bound` choice points take a non-default option, depth first.
        case exhaustive(bound: Int)

        /// For people: `exhaustive (bound 2)`, `random (seed 1)`, `pct (depth 3, seed 1)`.
        public var description: String {
            switch self {
            case .random(let seed): return "random (seed \(seed))"
            case .pct(let seed, let depth): return "pct (depth \(depth), seed \(seed))"
            case .exhaustive(let bound): return "exhaustive (bound \(bound))"
            }
        }
    }

    /// How schedules are chosen; by default every schedule with at most 2 deviations from the default order.
    public var strategy: Strategy
    /// The most schedules to run per scenario, the default order included.
    public var limit: Int
    /// A replay token: run only that schedule.
    public var replay: ScheduleToken?
    /// Whether a failing schedule is shrunk into a scenario written beside the original.
    public var shrink: Bool

    /// Creates options.
    public init(
        strategy: Strategy = .exhaustive(bound: 2), limit: Int = 10_000, replay: ScheduleToken? = nil,
        shrink: Bool = true
    ) {
        self.strategy = strategy
        self.limit = limit
        self.replay = replay
        self.shrink = shrink
    }
}
