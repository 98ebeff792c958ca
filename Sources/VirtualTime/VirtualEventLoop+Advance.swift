import CVirtualTime
import RehearsalBase

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

    /// Runs the work due at the current instant without moving time: everything runnable now (task jobs, MainActor
    /// jobs, dispatch blocks, timers due now), until nothing is.
    public func settle() throws(VirtualTimeError) {
        try advance(toNanoseconds: nowNanoseconds)
    }

    /// Moves virtual time forward to `instant` like `advance(to:)`, but once time has reached `instant`, asks
    /// `shouldStop` before each piece of work due there; when it answers true, returns true at once with that work
    /// still runnable (an explorer delivers a step before work due at the step's instant this way). Returns false
    /// when everything due up to `instant` ran.
    ///
    /// - Throws: the errors of `advance(to:)`.
    public func advance(
        to instant: ScenarioDuration, stoppingBeforeWorkAtInstant shouldStop: () -> Bool
    ) throws(VirtualTimeError) -> Bool {
        let current = now
        guard instant >= current else { throw .timeWentBackwards(now: current, requested: instant) }
        return try withoutActuallyEscaping(shouldStop) { (shouldStop) throws(VirtualTimeError) in
            try advance(toNanoseconds: instant.nanoseconds, stoppingAtTarget: shouldStop)
        }
    }

    /// The one loop behind `advance`, `run` and `settle`; `target == nil` means "until idle". Each turn asks the
    /// policy which runnable piece of work runs next; when nothing is runnable, time moves to the next timer.
    /// With `shouldStop`, work due at `target` itself runs only while it answers false (true is returned then).
    @discardableResult
    func advance(
        toNanoseconds target: Int64?, stoppingAtTarget shouldStop: (() -> Bool)? = nil
    ) throws(VirtualTimeError) -> Bool {
        var budget = StepBudget(limit: limits.maxSteps)
        // Each piece of work runs with its cause as the ambient one; the caller's is restored between and after.
        let outerCause = lock.withLock { ambientCause }
        defer { lock.withLock { ambientCause = outerCause } }
        while true {
            lock.lock()
            ambientCause = outerCause
            let prepared: Prepared?
            do {
                prepared = try prepareLocked(target: target)
            } catch {
                lock.unlock()
                throw error
            }
            let next: Next
            switch prepared {
            case nil:
                lock.unlock()
                return false
            case .mainQueueBatch(let batch):
                next = batch
            case .runnable(let timerDue):
                if let shouldStop, nowNanosecondsStorage == target {
                    lock.unlock()
                    if shouldStop() { return true }
                    lock.lock()
                }
                next = chooseLocked(timerDue: timerDue)
            }
            ambientCause = next.cause
            let scope = scenario == nil ? nil : next.cause.scope
            let isScenario = scenario != nil
            lock.unlock()
            do {
                try budget.spend(next.step, cause: next.cause, at: next.instant)
            } catch {
                lock.withLock { requeueLocked(next) }
                throw error
            }
            run(next, scope: scope, isScenario: isScenario)
        }
    }

    /// Puts back work taken but not run (the step limit stopped the run first) into its lane, so that it is
    /// abandoned with the rest when the scenario ends, or run there if it is an actor's job (see
    /// `releaseQueuedActors()`). Call under `lock`.
    private func requeueLocked(_ next: Next) {
        if case .mainQueueBatch = next.work { return }
        let item = ReadyItem(
            work: next.work, cause: next.cause, due: nowNanosecondsStorage, sequence: takeSequenceLocked())
        if next.work.isMainIsolated { mainLane.append(item) } else { concurrentLane.append(item) }
    }

    /// The piece of work to run next and what it counts as.
    struct Next {
        let work: Work
        let cause: Cause
        let instant: Int64
        let step: StepKind
    }

    /// What is next, before the policy chooses.
    private enum Prepared {
        /// A batch of the real main queue (system time real).
        case mainQueueBatch(Next)
        /// Work is runnable now; whether a timer is due among it.
        case runnable(timerDue: Bool)
    }

    /// Moves time to the next timer when nothing is runnable now; nil when nothing is left up to `target` (time
    /// then moves to `target`). Call under `lock`.
    private func prepareLocked(target: Int64?) throws(VirtualTimeError) -> Prepared? {
        if let scenario, !scenario.groupNotifies.isEmpty { releaseEmptyGroupNotifiesLocked(scenario) }
        dropCancelledTimersLocked()
        let timerDue = heap.firstInstant.map { $0 <= nowNanosecondsStorage } ?? false
        guard concurrentLane.isEmpty, mainLane.isEmpty, !timerDue else { return .runnable(timerDue: timerDue) }
        if let drain = scenario?.mainQueue, drain.hasWork() {
            return .mainQueueBatch(
                Next(work: .mainQueueBatch, cause: ambientCause, instant: nowNanosecondsStorage, step: .mainQueueBatch))
        }
        guard let instant = heap.firstInstant, instant <= target ?? .max else {
            if let target { moveTimeLocked(to: target) }
            return nil
        }
        if instant > limits.maxTime.nanoseconds, let error = timeLimitErrorLocked() { throw error }
        moveTimeLocked(to: instant)
        return .runnable(timerDue: true)
    }

    /// Asks the policy and takes the work it chose. Call under `lock`, with work runnable.
    private func chooseLocked(timerDue: Bool) -> Next {
        let runnable = RunnableSet(
            concurrentCount: concurrentLane.count, mainCount: mainLane.count, hasDueTimer: timerDue, loop: self)
        let index = policy.choose(from: runnable)
        precondition(index >= 0, "SchedulingPolicy chose \(index), below 0")
        if index < runnable.concurrentCount { return next(concurrentLane.remove(at: index)) }
        if index < runnable.laneCount { return next(mainLane.remove(at: index - runnable.concurrentCount)) }
        precondition(timerDue, "SchedulingPolicy chose \(index) of \(runnable.laneCount) runnable")
        return takeDueTimerLocked(index - runnable.laneCount)
    }

    private func next(_ item: ReadyItem) -> Next {
        let step: StepKind
        switch item.work {
        case .job(_, let main): step = main ? .mainActorJob : .taskJob
        case .block(_, let main, _): step = .dispatchBlock(main: main)
        case .sleepWake, .action: step = .taskJob
        case .mainQueueBatch: step = .mainQueueBatch
        }
        return Next(work: item.work, cause: item.cause, instant: nowNanosecondsStorage, step: step)
    }

    /// Removes the `offset`-th due timer (by instant, then sequence) and re-queues it when it repeats.
    private func takeDueTimerLocked(_ offset: Int) -> Next {
        let node: TimerHeap<TimelineEntry>.Node
        if offset == 0, let first = heap.popFirst() {
            node = first
        } else {
            let due = dueTimersLocked()
            precondition(offset < due.count, "SchedulingPolicy chose due timer \(offset) of \(due.count)")
            let chosen = due[offset].sequence
            var taken: TimerHeap<TimelineEntry>.Node?
            heap.removeAll { candidate in
                guard candidate.sequence == chosen else { return false }
                taken = candidate
                return true
            }
            guard let taken else { preconditionFailure("the chosen timer left the heap") }
            node = taken
        }
        let entry = node.payload
        if entry.interval > 0 {
            let (repeatAt, overflow) = node.instant.addingReportingOverflow(entry.interval)
            if !overflow { heap.push(instant: repeatAt, sequence: takeSequenceLocked(), entry) }
        }
        if case .sleepWake(_, let task) = entry.work, task != 0 { scenario?.sleepingTasks[task] = nil }
        return Next(
            work: entry.work, cause: entry.cause, instant: node.instant,
            step: .timer(entry.kind, interval: entry.interval))
    }

    /// Live timers due now, by (instant, sequence). Call under `lock`.
    func dueTimersLocked() -> [TimerHeap<TimelineEntry>.Node] {
        heap.unordered.filter { $0.instant <= nowNanosecondsStorage && $0.payload.token?.isCancelled != true }
            .sorted { $0.instant != $1.instant ? $0.instant < $1.instant : $0.sequence < $1.sequence }
    }

    /// How many live timers are due now. Call under `lock`.
    func dueTimerCountLocked() -> Int {
        heap.unordered.count { $0.instant <= nowNanosecondsStorage && $0.payload.token?.isCancelled != true }
    }

    /// Everything runnable now, in `RunnableSet` index order. Call under `lock`.
    func runnableWorkLocked() -> [RunnableWork] {
        var all = (0..<concurrentLane.count).map { Self.describe(concurrentLane[$0], .concurrent) }
        all += (0..<mainLane.count).map { Self.describe(mainLane[$0], .main) }
        all += dueTimersLocked().map {
            RunnableWork(
                lane: .timer, what: $0.payload.kind.describe(interval: $0.payload.interval),
                due: ScenarioDuration(nanoseconds: $0.instant), sequence: $0.sequence, cause: $0.payload.cause.label)
        }
        return all
    }

    /// The lane item at `offset` from the head of the main or the concurrent lane. Call under `lock`.
    func laneWorkLocked(main: Bool, offset: Int) -> RunnableWork {
        main ? Self.describe(mainLane[offset], .main) : Self.describe(concurrentLane[offset], .concurrent)
    }

    private static func describe(_ item: ReadyItem, _ lane: RunnableWork.Lane) -> RunnableWork {
        var task: UInt64?
        if case .job(let job, _) = item.work {
            let id = RuntimeHooks.taskID(of: job)
            task = id == 0 ? nil : id
        }
        return RunnableWork(
            lane: lane, what: item.work.describe(nil, interval: 0), due: ScenarioDuration(nanoseconds: item.due),
            sequence: item.sequence, cause: item.cause.label, task: task)
    }

    /// Moves virtual time forward to `instant` (never back), and the scenario thread's clocks with it.
    func moveTimeLocked(to instant: Int64) {
        guard instant > nowNanosecondsStorage else { return }
        nowNanosecondsStorage = instant
        if scenario != nil { vt_set_now(instant) }
    }

    /// The time-limit error for the earliest live timer; nil when only cancelled timers (and cancelled
    /// `DispatchWorkItem`s) are left. Call under `lock`.
    private func timeLimitErrorLocked() -> VirtualTimeError? {
        dropCancelledTimersLocked()
        let live = heap.unordered.filter(\.payload.isLive)
        let earliest = live.min { $0.instant != $1.instant ? $0.instant < $1.instant : $0.sequence < $1.sequence }
        guard let next = earliest else { return nil }
        let pending = live.count
        let timer = PendingWork.Timer(
            at: ScenarioDuration(nanoseconds: next.instant),
            what: next.payload.kind.describe(interval: next.payload.interval), cause: next.payload.cause.label,
            isSleep: next.payload.kind.isSleep)
        return .timeLimitExceeded(limit: limits.maxTime, next: timer, pendingCount: pending)
    }

    /// Runs one piece of work. While a scenario runs, work that is not a task job runs with its cause's scope
    /// bound (tasks it starts are attributed to the cause), and the main-queue isolation flag says whether it is
    /// MainActor work.
    func run(_ next: Next, scope: CauseScope?, isScenario: Bool) {
        if isScenario { vt_set_main_isolated(next.work.isMainIsolated ? 1 : 0) }
        defer { if isScenario { vt_set_main_isolated(1) } }
        switch next.work {
        case .action(let action):
            if let scope, CauseScope.current !== scope {
                CauseScope.$current.withValue(scope, operation: action)
            } else {
                action()
            }
        case .job(let job, let main):
            RuntimeHooks.run(job, onMainExecutor: main)
            lock.withLock { next.cause.jobs.finished += 1 }
        case .sleepWake(let job, _):
            RuntimeHooks.run(job, onMainExecutor: false)
        case .block(let block, _, let group):
            Self.runBlock(block, group: group, scope: scope)
        case .mainQueueBatch:
            lock.withLock { scenario?.mainQueue }?.runBatch()
        }
    }
}
