import RehearsalBase

/// Limits that stop a runaway workload (an endless timer, a task that keeps rescheduling itself) with a
/// `VirtualTimeError` instead of a hang.
public struct VirtualTimeLimits: Sendable, Equatable {
    /// No work scheduled later than this instant (since the origin) runs; reaching for it throws
    /// `VirtualTimeError.timeLimitExceeded`.
    public var maxTime: ScenarioDuration
    /// The most steps one `advance`/`run`/`settle` call may execute: timer firings, task jobs, MainActor jobs and
    /// dispatch blocks. Exceeding it throws `VirtualTimeError.stepLimitExceeded`.
    public var maxSteps: Int

    /// Creates limits; the defaults (one virtual hour, one million steps per call) suit scenario scripts.
    public init(maxTime: ScenarioDuration = .hours(1), maxSteps: Int = 1_000_000) {
        self.maxTime = maxTime
        self.maxSteps = maxSteps
    }
}

/// What one step was, for the step-limit report.
enum StepKind: Sendable {
    /// A timer of the given kind fired.
    case timer(TimerKind, interval: Int64)
    /// A Swift concurrency job for the default executor ran.
    case taskJob
    /// A MainActor job ran.
    case mainActorJob
    /// A dispatch block ran (`DispatchQueue.main.async` and the like).
    case dispatchBlock(main: Bool)
    /// One batch of the real main dispatch queue ran (system time real, on the main thread).
    case mainQueueBatch

    var text: String {
        switch self {
        case .timer(let kind, let interval): return kind.describe(interval: interval)
        case .taskJob: return "task job"
        case .mainActorJob: return "MainActor job"
        case .dispatchBlock(let main): return main ? "DispatchQueue.main block" : "DispatchQueue block"
        case .mainQueueBatch: return "main-queue batch"
        }
    }
}

/// Counts the steps of one `advance`/`run`/`settle` call and remembers the most recent ones for the report.
struct StepBudget {
    let limit: Int
    private(set) var used = 0
    private var recent: [(kind: StepKind, cause: Cause)] = []
    private var next = 0
    private var firstInstant: Int64?
    private static let remembered = 32

    init(limit: Int) {
        self.limit = limit
    }

    /// Spends one step on `kind`, attributed to `cause`; throws when the limit is exceeded.
    mutating func spend(_ kind: StepKind, cause: Cause, at instant: Int64) throws(VirtualTimeError) {
        used += 1
        if firstInstant == nil { firstInstant = instant }
        if recent.count < Self.remembered {
            recent.append((kind, cause))
        } else {
            recent[next] = (kind, cause)
            next = (next + 1) % Self.remembered
        }
        if used > limit {
            throw VirtualTimeError.stepLimitExceeded(
                limit: limit, at: ScenarioDuration(nanoseconds: instant),
                since: ScenarioDuration(nanoseconds: firstInstant ?? instant), recentSteps: summary(),
                cause: cause.label)
        }
    }

    /// The remembered steps, most frequent first, as "what (cause 'x') ×n".
    private func summary() -> [String] {
        var counts: [String: Int] = [:]
        for step in recent { counts["\(step.kind.text) (cause '\(step.cause.label)')", default: 0] += 1 }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) ×\($0.value)" }
    }
}
