import CombineCompat
import ScenarioJSON

/// One virtual timeline: pending work ordered by (virtual instant, scheduling sequence), and the virtual "now".
///
/// The Combine scheduler (`scheduler`), the Swift clock (`clock`) and, while `runScenario(_:)` is active, the
/// redirected `DispatchQueue`/`RunLoop`/`OperationQueue` schedulers and every Swift concurrency job share it, so
/// all of them observe one order. Nothing runs until the owner advances the timeline:
///
///     let timeline = VirtualEventLoop()
///     timeline.scheduler.schedule(after: timeline.scheduler.now.advanced(by: .milliseconds(300))) { print("A") }
///     try timeline.advance(by: .milliseconds(300))   // prints "A" at 300ms
///
/// Ordering rules: work due at the same instant runs in the order it was scheduled; work scheduled "now" runs at
/// the current instant (after what is already due at it, no extra tick); time never moves backwards.
///
/// Every piece of work carries a *cause*: the label current when it was scheduled (see `withCause(_:_:)`).
/// Timers, task jobs and tasks started while a cause is current are attributed to it, and so is the work those
/// schedule in turn, so `pendingWork()` can say "a task started by step 3 is still suspended".
public final class VirtualEventLoop: @unchecked Sendable {
    /// The limits that stop a runaway workload in `advance(to:)`, `advance(by:)` and `run()`.
    public let limits: VirtualTimeLimits

    let lock = _Lock()
    // Everything below is guarded by `lock`.
    var nowNanosecondsStorage: Int64 = 0
    var nextSequence: UInt64 = 0
    var heap = TimerHeap<TimelineEntry>()
    let causes = CauseRegistry()
    var ambientCause: Cause
    /// Set by `runScenario(_:)`: drains Swift concurrency and main-queue work at the current instant.
    var executor: DeterministicExecutor?

    /// Creates a timeline at instant zero whose ambient cause is `initialCause`.
    public init(limits: VirtualTimeLimits = VirtualTimeLimits(), initialCause: WorkCause = .setup) {
        self.limits = limits
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
        let entry = TimelineEntry(kind: kind, cause: cause, interval: interval, token: token, action: action)
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
        while let first = heap.first, first.payload.token?.isCancelled == true { _ = heap.popFirst() }
    }

    /// Counts a Swift concurrency job enqueued under `cause` (called by the runtime hook).
    func countJobEnqueued(cause: Cause) {
        lock.withLock { cause.jobs.enqueued += 1 }
    }

    /// Runs a Swift concurrency job enqueued under `cause` with `cause` as the ambient cause (so a detached
    /// task's work stays attributed to the step that started it), and counts it as finished.
    func runJob(cause: Cause, _ run: () -> Void) {
        let outerCause = lock.withLock {
            let outerCause = ambientCause
            ambientCause = cause
            return outerCause
        }
        run()
        lock.withLock {
            ambientCause = outerCause
            cause.jobs.finished += 1
        }
    }
}

/// What a timer is, for reports.
enum TimerKind: Sendable {
    case scheduled
    case repeating
    case sleep
    case redirected
    case redirectedRepeating

    func describe(interval: Int64) -> String {
        let every = ScenarioDuration(nanoseconds: interval)
        switch self {
        case .scheduled: return "VirtualScheduler.schedule"
        case .repeating: return "repeating VirtualScheduler.schedule every \(every)"
        case .sleep: return "VirtualClock.sleep"
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

/// A queued piece of work.
struct TimelineEntry {
    let kind: TimerKind
    let cause: Cause
    /// Nanoseconds between repetitions; 0 for one-shot work.
    let interval: Int64
    let token: TimerToken?
    let action: () -> Void
}
