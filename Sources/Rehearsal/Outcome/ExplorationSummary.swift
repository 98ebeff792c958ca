/// What `rehearsal explore` did with one scenario: how many schedules it ran with which strategy, and for a failing
/// schedule its replay token, the race, and the shrunk scenario it wrote.
///
/// ```swift
/// outcome.exploration?.statement   // "all 412 schedules passed under bound 2"
/// outcome.exploration?.token       // "x1.5f3a9c21.4-2.11-1" (a failing schedule)
/// ```
public struct ExplorationSummary: Codable, Equatable, Sendable {
    /// What was explored.
    public enum Search: Codable, Equatable, Sendable {
        /// The schedules a strategy chooses, up to the limit.
        case strategy(ExploreOptions.Strategy)
        /// The one schedule a replay token names.
        case replay
        /// Nothing: the scenario reproduces a known issue on purpose (its `knownIssue`, why).
        case knownIssue(String)
    }

    /// What was explored.
    public var search: Search
    /// How many schedules ran (the default order counts as the first).
    public var schedules: Int
    /// Whether an exhaustive search ran every schedule under its bound.
    public var exhausted: Bool
    /// Which schedule failed (1 is the default order), when one did.
    public var failingSchedule: Int?
    /// The failing schedule's replay token (`rehearsal explore <path> --replay <token>`).
    public var token: ScheduleToken?
    /// The race, in words: which events came in the other order than in the default schedule.
    public var race: String?
    /// The latencies that differ from the script in the failing schedule, in words.
    public var latencyChanges: [String]
    /// The shrunk scenario that was written (`Scenarios/a.race-1.json`), or an earlier one that shows the same race.
    public var shrunkPath: String?
    /// Whether the failing schedule is the scenario's own `"schedule"` (which every plain run plays too).
    public var failsOwnSchedule: Bool
    /// Whether `shrunkPath` is an earlier race file with the same content (nothing new was written).
    public var shrunkEarlier: Bool
    /// Why no shrunk scenario was written, when none was.
    public var shrinkNote: String?
    /// Wall-clock seconds the shrinking took.
    public var shrinkSeconds: Double?
    /// How the replay and run commands are named (`store-rehearsal explore …`); `rehearsal` when absent.
    public var advice: RecordAdvice?

    /// Creates a summary.
    public init(
        search: Search, schedules: Int, exhausted: Bool = false, failingSchedule: Int? = nil,
        token: ScheduleToken? = nil, race: String? = nil, latencyChanges: [String] = [], shrunkPath: String? = nil,
        shrinkNote: String? = nil, shrinkSeconds: Double? = nil
    ) {
        self.search = search
        self.schedules = schedules
        self.exhausted = exhausted
        self.failingSchedule = failingSchedule
        self.token = token
        self.race = race
        self.latencyChanges = latencyChanges
        self.shrunkPath = shrunkPath
        self.shrunkEarlier = false
        self.failsOwnSchedule = false
        self.shrinkNote = shrinkNote
        self.shrinkSeconds = shrinkSeconds
    }

    /// The one-line result: `all 412 schedules passed under bound 2`, `412 schedules passed (the limit; the space
    /// under bound 2 was not exhausted)`, `1000 schedules passed (random (seed 1))`, `its only schedule passed (…)`
    /// for a scenario with nothing to reorder, or `schedule 7 fails (…)`.
    public var statement: String {
        let strategy: ExploreOptions.Strategy
        switch search {
        case .knownIssue: return "not explored: the scenario reproduces a known issue"
        case .replay: return failingSchedule == nil ? "the replayed schedule passes" : "the replayed schedule fails"
        case .strategy(let searched): strategy = searched
        }
        if failsOwnSchedule { return "the scenario's own schedule fails (schedule 1)" }
        if let failing = failingSchedule {
            return failing == 1
                ? "the default order fails (schedule 1)"
                : "schedule \(failing) fails (\(strategy.description), after \(failing - 1) passed)"
        }
        let noun = schedules == 1 ? "schedule" : "schedules"
        if case .exhaustive(let bound) = strategy {
            if exhausted, schedules == 1 {
                return "its only schedule passed (nothing in it can happen in another order)"
            }
            return exhausted
                ? "all \(schedules) \(noun) passed under bound \(bound)"
                : "\(schedules) \(noun) passed (the limit; the space under bound \(bound) was not exhausted)"
        }
        return "\(schedules) \(noun) passed (\(strategy.description))"
    }
}
