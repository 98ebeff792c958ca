import ScenarioJSON

extension VirtualEventLoop {
    /// Moves virtual time forward by `interval`, running every timer due on the way in (instant, scheduling
    /// order), and settles the executor after each one (see `settle()`).
    ///
    /// - Throws: the limit errors of `limits`.
    public func advance(by interval: ScenarioDuration) throws(VirtualTimeError) {
        try advance(toNanoseconds: nowNanoseconds.addingSaturating(interval.nanoseconds))
    }

    /// Moves virtual time forward to `instant` (time since the origin), running every timer due up to and
    /// including it. Work the timers schedule for earlier instants runs at the instant it is scheduled.
    ///
    /// - Throws: `VirtualTimeError.timeWentBackwards` when `instant` is before now; the limit errors of `limits`.
    public func advance(to instant: ScenarioDuration) throws(VirtualTimeError) {
        let current = now
        guard instant >= current else { throw .timeWentBackwards(now: current, requested: instant) }
        try advance(toNanoseconds: instant.nanoseconds)
    }

    /// Runs until nothing is scheduled: every timer fires, in order, and virtual time stops at the last one.
    ///
    /// - Throws: `VirtualTimeError.timeLimitExceeded` when work is still scheduled past `limits.maxTime` (an
    ///   endless repeating timer), `VirtualTimeError.stepLimitExceeded` for work that never lets time pass.
    public func run() throws(VirtualTimeError) {
        try advance(toNanoseconds: nil)
    }

    /// Runs the work due at the current instant without moving time: while a scenario runs (`runScenario(_:)`),
    /// drains task jobs and the main queue until quiescent, then fires timers due now, repeatedly.
    public func settle() throws(VirtualTimeError) {
        try advance(toNanoseconds: nowNanoseconds)
    }

    /// The one loop behind `advance`, `run` and `settle`; `target == nil` means "until idle".
    func advance(toNanoseconds target: Int64?) throws(VirtualTimeError) {
        var budget = StepBudget(limit: limits.maxSteps)
        let maxTime = limits.maxTime.nanoseconds
        try drain(&budget)
        // Each timer runs with its cause as the ambient one; the caller's is restored between and after timers.
        let outerCause = lock.withLock { ambientCause }
        defer { lock.withLock { ambientCause = outerCause } }
        while true {
            lock.lock()
            ambientCause = outerCause
            guard let instant = heap.firstInstant, instant <= target ?? .max else {
                if let target { nowNanosecondsStorage = max(nowNanosecondsStorage, target) }
                lock.unlock()
                return
            }
            if instant > maxTime, let error = timeLimitErrorLocked() {
                lock.unlock()
                throw error
            }
            guard let node = heap.popFirst(), node.payload.token?.isCancelled != true else {
                lock.unlock()
                continue
            }
            let entry = node.payload
            if entry.interval > 0 {
                let (next, overflow) = node.instant.addingReportingOverflow(entry.interval)
                if !overflow {
                    heap.push(instant: next, sequence: nextSequence, entry)
                    nextSequence &+= 1
                }
            }
            nowNanosecondsStorage = max(nowNanosecondsStorage, node.instant)
            ambientCause = entry.cause
            let scope = executor == nil ? nil : entry.cause.scope
            lock.unlock()
            try budget.spend(.timer(entry.kind, interval: entry.interval), cause: entry.cause, at: node.instant)
            try fire(entry, scope: scope, &budget)
        }
    }

    /// The time-limit error for the earliest live timer, after dropping cancelled ones from the top; nil when
    /// only cancelled timers were left. Call under `lock`.
    private func timeLimitErrorLocked() -> VirtualTimeError? {
        dropCancelledTimersLocked()
        guard let next = heap.first else { return nil }
        let pending = heap.unordered.filter { $0.payload.token?.isCancelled != true }.count
        let timer = PendingWork.Timer(
            at: ScenarioDuration(nanoseconds: next.instant),
            what: next.payload.kind.describe(interval: next.payload.interval), cause: next.payload.cause.label,
            isSleep: next.payload.kind == .sleep)
        return .timeLimitExceeded(limit: limits.maxTime, next: timer, pendingCount: pending)
    }

    /// Runs `entry`, then drains what it caused. While a scenario runs, `scope` (its cause's) is bound so that
    /// tasks the entry starts are attributed to the cause (outside a scenario they run on the real executor).
    private func fire(
        _ entry: TimelineEntry,
        scope: CauseScope?,
        _ budget: inout StepBudget
    ) throws(VirtualTimeError) {
        if scope == nil || CauseScope.current === scope {
            entry.action()
            try drain(&budget)
            return
        }
        var failure: VirtualTimeError?
        CauseScope.$current.withValue(scope) {
            entry.action()
            do throws(VirtualTimeError) {
                try drain(&budget)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }
    /// Drains the executor (when a scenario runs) until quiescent.
    private func drain(_ budget: inout StepBudget) throws(VirtualTimeError) {
        guard let executor = lock.withLock({ executor }) else { return }
        try executor.drain(&budget)
    }
}
