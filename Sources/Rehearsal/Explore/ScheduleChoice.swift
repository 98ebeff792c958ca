/// One choice point a run met, and what was taken there.
public struct ScheduleChoice: Equatable, Sendable, Codable {
    /// What the choice decides.
    public enum Kind: String, Equatable, Sendable, Codable {
        /// Which runnable piece of work runs next (same-instant jobs, blocks and timers).
        case order
        /// Which latency a mock response gets, within its jitter window.
        case latency
        /// Whether a step is delivered before work due at its own instant.
        case step
    }

    /// What it decides.
    public var kind: Kind
    /// How many options were open (2 or more).
    public var options: Int
    /// The option taken; 0 is the default order.
    public var chosen: Int

    /// Creates a choice.
    public init(kind: Kind, options: Int, chosen: Int) {
        self.kind = kind
        self.options = options
        self.chosen = chosen
    }
}

/// A choice point as a schedule source sees it, before it chooses.
package struct ChoicePoint {
    /// What it decides.
    package var kind: ScheduleChoice.Kind
    /// Its position among the run's choice points.
    package var position: Int
    /// How many options are open (2 or more); option 0 is the default order.
    package var options: Int
    /// How many `order` choice points came before it (PCT counts its steps with it).
    package var orderStep: Int
    /// For an `order` point of a source that wants them: the logical thread of each option.
    package var threads: [ScheduleThread]
}

/// The logical thread a piece of runnable work belongs to, for PCT's priorities: a Swift task, the main thread
/// (MainActor jobs and main-queue blocks, first in first out), the dispatch queues (their blocks, first in first
/// out), or one timer (a response arriving, a debounce firing).
package enum ScheduleThread: Hashable, Sendable {
    case task(UInt64)
    case main
    case dispatch
    case timer(sequence: UInt64)
}

/// Where the choices of one run come from: the default order, a replayed token, a seeded strategy.
package protocol ScheduleSource {
    /// Whether `order` choice points should carry their options' threads (it costs a little per choice).
    var wantsThreads: Bool { get }

    /// The option to take at `point`, in `0..<point.options`.
    mutating func choose(_ point: ChoicePoint) -> Int
}

/// The default order everywhere.
package struct DefaultSource: ScheduleSource {
    package init() {}
    package var wantsThreads: Bool { false }
    package mutating func choose(_ point: ChoicePoint) -> Int { 0 }
}

/// Forces the options of a list of deviations (or a prefix of choices) and takes the default elsewhere; a forced
/// option that is not open at its point (the run went elsewhere) falls back to the default and is noted.
package struct ReplaySource: ScheduleSource {
    /// A forced option that its choice point does not have.
    package struct Misfit: Equatable, Sendable {
        /// The choice point.
        package var position: Int
        /// The option forced there.
        package var option: Int
        /// How many options the point has.
        package var options: Int
    }

    private let forced: [Int: Int]
    /// The first forced option that could not be taken.
    package private(set) var misfit: Misfit?
    /// Whether a forced option could not be taken.
    package var diverged: Bool { misfit != nil }

    /// Forces `deviations`.
    package init(deviations: [ScheduleToken.Deviation]) {
        var forced: [Int: Int] = [:]
        for deviation in deviations { forced[deviation.position] = deviation.option }
        self.forced = forced
    }

    package var wantsThreads: Bool { false }

    package mutating func choose(_ point: ChoicePoint) -> Int {
        guard let option = forced[point.position] else { return 0 }
        guard option < point.options else {
            if misfit == nil { misfit = Misfit(position: point.position, option: option, options: point.options) }
            return 0
        }
        return option
    }
}

/// A uniformly random option at every choice point.
package struct RandomSource: ScheduleSource {
    private var random: SplitMix64

    /// The source of schedule `index` of the strategy seeded with `seed`.
    package init(seed: UInt64, index: Int) {
        random = SplitMix64(seed: seed, stream: UInt64(index))
    }

    package var wantsThreads: Bool { false }

    package mutating func choose(_ point: ChoicePoint) -> Int {
        random.below(point.options)
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast generator whose whole state is one integer, so schedule
/// `index` of a seed is reproducible on its own.
package struct SplitMix64 {
    private var state: UInt64

    /// A generator for `stream` (a schedule's index) of `seed`.
    package init(seed: UInt64, stream: UInt64) {
        state = seed &+ stream &* 0xD1B5_4A32_D192_ED03
        _ = next()
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound ≥ 1), without modulo bias.
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound >= 1)
        let limit = UInt64(bound)
        let threshold = (0 &- limit) % limit
        while true {
            let value = next()
            if value >= threshold { return Int(value % limit) }
        }
    }
}
