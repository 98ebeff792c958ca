import CombineCompat
import RehearsalBase

/// One virtual timeline: runnable work and pending timers, and the virtual "now".
///
/// The Combine scheduler (`scheduler`), the Swift clock (`clock`) and, while `runScenario(_:)` is active, every
/// Swift concurrency job, `Task.sleep`, the clocks and `DispatchQueue` blocks of the scenario thread and the
/// redirected `DispatchQueue`/`RunLoop`/`OperationQueue` schedulers share it, so all of them observe one order.
/// Nothing runs until the owner advances the timeline:
///
///     let timeline = VirtualEventLoop()
///     timeline.scheduler.schedule(after: timeline.scheduler.now.advanced(by: .milliseconds(300))) { print("A") }
///     try timeline.advance(by: .milliseconds(300))   // prints "A" at 300ms
///
/// Ordering rules: work is ordered by (virtual instant, scheduling sequence); work scheduled "now" runs at the
/// current instant (no extra tick); time never moves backwards. Among the work runnable at one instant, the
/// `SchedulingPolicy` chooses (by default: task jobs first, then the main lane in batches, then timers).
///
/// Every piece of work carries a *cause*: the label current when it was scheduled (see `withCause(_:_:)`).
/// Timers, task jobs and tasks started while a cause is current are attributed to it, and so is the work those
/// schedule in turn, so `pendingWork()` can say "a task started by step 3 is still suspended".
public final class VirtualEventLoop: @unchecked Sendable {
    /// The limits that stop a runaway workload in `advance(to:)`, `advance(by:)` and `run()`.
    public let limits: VirtualTimeLimits
    /// The wall clock at the timeline's origin: what `Date()` reads at instant zero inside `runScenario(_:)`.
    public let wallClockStart: ScenarioTimestamp

    let lock = _Lock()
    // Everything below is guarded by `lock` (which is why the per-access exclusivity checks are off).
    @exclusivity(unchecked) var nowNanosecondsStorage: Int64 = 0
    @exclusivity(unchecked) var nextSequence: UInt64 = 0
    @exclusivity(unchecked) var heap = TimerHeap<TimelineEntry>()
    @exclusivity(unchecked) var concurrentLane = ReadyLane()
    @exclusivity(unchecked) var mainLane = ReadyLane()
    /// The policy, held as its concrete type when it is the default one (no dynamic dispatch per piece of work).
    @exclusivity(unchecked) var policy: Policy
    let causes = CauseRegistry()
    @exclusivity(unchecked) var ambientCause: Cause
    /// Set by `runScenario(_:)` while it runs: what the executors, interposers and end checks share.
    @exclusivity(unchecked) var scenario: ScenarioState?
    /// What the last `runScenario(_:)` found and how it treated system time, kept after it returns.
    var lastFindings: [TimeSourceFinding] = []
    var lastSystemTime: SystemTime?

    /// Creates a timeline at instant zero whose ambient cause is `initialCause`.
    ///
    /// - Parameters:
    ///   - wallClockStart: what `Date()` reads at instant zero while a scenario runs.
    ///   - policy: chooses among the work runnable at one instant (see `SchedulingPolicy`).
    public init(
        limits: VirtualTimeLimits = VirtualTimeLimits(), initialCause: WorkCause = .setup,
        wallClockStart: ScenarioTimestamp = .defaultScenarioStart,
        policy: any SchedulingPolicy = DefaultSchedulingPolicy()
    ) {
        self.limits = limits
        self.wallClockStart = wallClockStart
        self.policy = (policy as? DefaultSchedulingPolicy).map(Policy.default) ?? .custom(policy)
        self.ambientCause = causes.cause(initialCause)
    }

    /// The current virtual instant, as the time elapsed since the timeline's origin.
    public var now: ScenarioDuration { ScenarioDuration(nanoseconds: nowNanoseconds) }

    /// The current virtual instant in nanoseconds since the origin (`now.nanoseconds`).
    public var nowNanoseconds: Int64 { lock.withLock { nowNanosecondsStorage } }

    /// When the earliest pending timer is due (time since the origin), or nil when nothing is scheduled.
    public var nextDue: ScenarioDuration? {
        lock.withLock {
            dropCancelledTimersLocked()
            return heap.firstInstant.map(ScenarioDuration.init(nanoseconds:))
        }
    }

    /// A Combine scheduler on this timeline.
    public var scheduler: VirtualScheduler { VirtualScheduler(timeline: self) }

    /// A Swift `Clock` on this timeline, for async code and mock latency.
    public var clock: VirtualClock { VirtualClock(timeline: self) }

    /// The cause that work scheduled now is attributed to: the cause of the running task or timer, otherwise the
    /// ambient cause set by `withCause(_:_:)`.
    public var currentCause: WorkCause { resolveCause().label }

    /// The running task's cause if it belongs to this timeline, otherwise the ambient cause.
    func resolveCause() -> Cause {
        if let cause = CauseScope.current?.cause, cause.registryID == causes.id { return cause }
        return lock.withLock { ambientCause }
    }

    /// Runs `body` with `label` as the current cause: every timer, job and task scheduled inside it (and
    /// everything those schedule later) is attributed to `label`.
    ///
    /// Settle inside the same call, so that jobs the executor re-enqueues outside any task context (actor and
    /// executor switches) are attributed to the step as well:
    ///
    ///     try timeline.withCause(.step(3)) {
    ///         viewModel.input.load.send()
    ///         try timeline.settle()
    ///     }
    @discardableResult
    public func withCause<R>(_ label: WorkCause, _ body: () throws -> R) rethrows -> R {
        let (previous, scope) = lock.withLock {
            let previous = ambientCause
            ambientCause = causes.cause(label)
            return (previous, ambientCause.scope)
        }
        defer { lock.withLock { ambientCause = previous } }
        return try CauseScope.$current.withValue(scope, operation: body)
    }

    // MARK: Scheduling (used by VirtualScheduler, VirtualClock and the scheduler redirection)

    /// Queues `action` at `deadline` (clamped to now); `token` makes it cancellable, `interval` makes it repeat.
    @discardableResult
    func schedule(
        atNanoseconds deadline: Int64,
        kind: TimerKind,
        interval: Int64 = 0,
        token: TimerToken? = nil,
        _ action: @escaping () -> Void
    ) -> TimerToken? {
        let cause = resolveCause()
        lock.lock()
        let instant = max(deadline, nowNanosecondsStorage)
        let entry = TimelineEntry(kind: kind, cause: cause, interval: interval, token: token, work: .action(action))
        heap.push(instant: instant, sequence: nextSequence, entry)
        nextSequence &+= 1
        lock.unlock()
        return token
    }

    /// Cancels the timer that carries `token`; it will not run again. Safe from any thread, idempotent.
    func cancel(_ token: TimerToken) {
        lock.withLock { token.isCancelled = true }
    }

    /// Removes cancelled timers from the top of the heap, so that its first element is live. Call under `lock`.
    func dropCancelledTimersLocked() {
        while heap.withFirstPayload({ $0.token?.isCancelled == true }) == true { _ = heap.popFirst() }
    }

    /// Takes the next sequence number. Call under `lock`.
    func takeSequenceLocked() -> UInt64 {
        defer { nextSequence &+= 1 }
        return nextSequence
    }
}

/// The timeline's scheduling policy.
enum Policy {
    case `default`(DefaultSchedulingPolicy)
    case custom(any SchedulingPolicy)

    mutating func choose(from runnable: RunnableSet) -> Int {
        switch self {
        case .default(var policy):
            let index = policy.choose(from: runnable)
            self = .default(policy)
            return index
        case .custom(var policy):
            let index = policy.choose(from: runnable)
            self = .custom(policy)
            return index
        }
    }
}

/// What a timer is, for reports.
enum TimerKind: Equatable, Sendable {
    case scheduled
    case repeating
    case sleep
    case taskSleep
    case dispatchAfter(main: Bool)
    case redirected
    case redirectedRepeating

    /// Whether a task waits on it (a `VirtualClock` or `Task.sleep` sleep).
    var isSleep: Bool { self == .sleep || self == .taskSleep }

    func describe(interval: Int64) -> String {
        let every = ScenarioDuration(nanoseconds: interval)
        switch self {
        case .scheduled: return "VirtualScheduler.schedule"
        case .repeating: return "repeating VirtualScheduler.schedule every \(every)"
        case .sleep: return "VirtualClock.sleep"
        case .taskSleep: return "Task.sleep"
        case .dispatchAfter(let main): return main ? "DispatchQueue.main.asyncAfter" : "DispatchQueue.asyncAfter"
        case .redirected: return "redirected real-time scheduler (DispatchQueue/RunLoop/OperationQueue)"
        case .redirectedRepeating:
            return "repeating redirected real-time scheduler every \(every)"
        }
    }
}

/// Marks a cancellable timer; `isCancelled` is guarded by the owning timeline's lock.
final class TimerToken: @unchecked Sendable {
    var isCancelled = false
}

/// A pending timer.
struct TimelineEntry {
    let kind: TimerKind
    let cause: Cause
    /// Nanoseconds between repetitions; 0 for one-shot work.
    let interval: Int64
    let token: TimerToken?
    let work: Work

    /// Whether anything still waits for this timer: it is not cancelled (its token, or its `DispatchWorkItem`).
    var isLive: Bool { token?.isCancelled != true && !work.isCancelledWorkItem }
}
