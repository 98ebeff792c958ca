import CVirtualTime
import RehearsalBase

extension VirtualEventLoop {
    /// Takes a dispatch block the scenario thread submitted (see CVirtualTime's `submit`): `async` blocks join the
    /// main lane (main queue) or the concurrent lane (every other queue) now, `asyncAfter` blocks become timers at
    /// their virtual deadline, `DispatchGroup.notify` blocks wait for their group to empty.
    func submitBlock(
        _ submission: Int32, main: Bool, deadline: Int64, block: UnsafeMutableRawPointer,
        group: UnsafeMutableRawPointer?, queue: UnsafeMutableRawPointer?
    ) {
        let cause = resolveCause()
        lock.lock()
        guard let scenario else {
            lock.unlock()
            Work.block(block, main: main, group: group).abandon()
            return
        }
        switch UInt32(submission) {
        case VT_SUBMIT_AFTER.rawValue:
            guard deadline != .max else {
                // `asyncAfter(deadline: .distantFuture)`: it never runs.
                lock.unlock()
                vt_block_release(block)
                return
            }
            let entry = TimelineEntry(
                kind: .dispatchAfter(main: main), cause: cause, interval: 0, token: nil,
                work: .block(block, main: main, group: nil))
            heap.push(instant: max(deadline, nowNanosecondsStorage), sequence: takeSequenceLocked(), entry)
        case VT_SUBMIT_GROUP_NOTIFY.rawValue:
            if let group {
                scenario.groupNotifies.append(GroupNotify(group: group, block: block, main: main, cause: cause))
            }
        default:
            let item = ReadyItem(
                work: .block(block, main: main, group: group), cause: cause, due: nowNanosecondsStorage,
                sequence: takeSequenceLocked(), queue: queue)
            if main { mainLane.append(item) } else { concurrentLane.append(item) }
        }
        lock.unlock()
    }

    /// Before `queue.sync` runs its block inline on the scenario thread: runs the work already queued for `queue`,
    /// in the order it was submitted, as the queue would before the synchronous block — the queue's blocks, or for
    /// the main queue (`main`) the whole main lane, MainActor jobs included. Work that queues in turn waits for the
    /// timeline, after the synchronous block.
    func runQueuedWork(of queue: UnsafeMutableRawPointer?, main: Bool) {
        let earlier = lock.withLock {
            scenario == nil ? [] : main ? mainLane.removeAll() : concurrentLane.removeAll { $0.queue == queue }
        }
        guard !earlier.isEmpty else { return }
        let outerCause = lock.withLock { ambientCause }
        for item in earlier {
            let now = lock.withLock {
                ambientCause = item.cause
                return nowNanosecondsStorage
            }
            let next = Next(work: item.work, cause: item.cause, instant: now, step: .taskJob)
            run(next, scope: item.cause.scope, isScenario: true)
        }
        lock.withLock { ambientCause = outerCause }
    }

    /// Runs `body` as main-thread work, now: called from a default-executor job or another queue's block on the
    /// scenario thread, it runs as `DispatchQueue.main.sync` from a background block does (after the main-lane work
    /// already queued, then isolated to the main queue); from main-thread work, or outside a scenario, it runs at
    /// once. What a scripted mock uses to deliver an answer where the ViewModel called it (see `MockDelivery`).
    public func runOnMainThread(_ body: () -> Void) {
        guard vt_thread_is_driving() != 0, vt_thread_is_main_isolated() == 0 else { return body() }
        runQueuedWork(of: nil, main: true)
        vt_set_main_isolated(1)
        defer { vt_set_main_isolated(0) }
        body()
    }

    /// Runs a dispatch block with `scope` as the current cause, then leaves its group.
    static func runBlock(_ block: UnsafeMutableRawPointer, group: UnsafeMutableRawPointer?, scope: CauseScope?) {
        if let scope, CauseScope.current !== scope {
            CauseScope.$current.withValue(scope) { vt_block_run(block) }
        } else {
            vt_block_run(block)
        }
        if let group {
            vt_group_leave(group)
            vt_group_release(group)
        }
    }

    /// Records a time source the timeline cannot control (see `TimeSourceFinding`); a thread sleep moves virtual
    /// time on by what it asked for.
    func reportTimeSource(_ source: Int32, nanoseconds: Int64) {
        let cause = resolveCause()
        lock.withLock {
            guard let scenario else { return }
            let at = ScenarioDuration(nanoseconds: nowNanosecondsStorage)
            let kind: TimeSourceFinding.Kind
            switch UInt32(source) {
            case VT_SOURCE_NANOSLEEP.rawValue:
                kind = .threadSleep(function: "nanosleep", duration: .nanoseconds(nanoseconds))
            case VT_SOURCE_CLOCK_NANOSLEEP.rawValue:
                kind = .threadSleep(function: "clock_nanosleep", duration: .nanoseconds(nanoseconds))
            case VT_SOURCE_USLEEP.rawValue: kind = .threadSleep(function: "usleep", duration: .nanoseconds(nanoseconds))
            case VT_SOURCE_SLEEP.rawValue: kind = .threadSleep(function: "sleep", duration: .nanoseconds(nanoseconds))
            case VT_SOURCE_SEMAPHORE_WAIT.rawValue: kind = .blockingWait("DispatchSemaphore.wait")
            case VT_SOURCE_GROUP_WAIT.rawValue: kind = .blockingWait("DispatchGroup.wait")
            case VT_SOURCE_DISPATCH_SOURCE_TIMER.rawValue: kind = .dispatchSourceTimer
            case VT_SOURCE_RUN_LOOP_TIMER.rawValue: kind = .runLoopTimer
            default: kind = .mainSyncFromMain
            }
            scenario.record(TimeSourceFinding(kind: kind, cause: cause.label, at: at))
            if case .threadSleep = kind { moveTimeLocked(to: nowNanosecondsStorage.addingSaturating(nanoseconds)) }
        }
    }

    /// Before each choice of work: `DispatchGroup.notify` blocks whose group emptied join their lane, in the order
    /// they were registered. Call under `lock`.
    func releaseEmptyGroupNotifiesLocked(_ scenario: ScenarioState) {
        var waiting: [GroupNotify] = []
        for notify in scenario.groupNotifies {
            guard vt_group_is_empty(notify.group) != 0 else {
                waiting.append(notify)
                continue
            }
            vt_group_release(notify.group)
            let item = ReadyItem(
                work: .block(notify.block, main: notify.main, group: nil), cause: notify.cause,
                due: nowNanosecondsStorage, sequence: takeSequenceLocked())
            if notify.main { mainLane.append(item) } else { concurrentLane.append(item) }
        }
        scenario.groupNotifies = waiting
    }

    /// The uncontrolled time sources found so far in the running (or last) scenario.
    public var timeSourceFindings: [TimeSourceFinding] {
        lock.withLock { scenario?.findings ?? lastFindings }
    }
}
