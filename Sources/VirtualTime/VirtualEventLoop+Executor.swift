import CVirtualTime
import RehearsalBase

extension VirtualEventLoop {
    /// Queues a Swift concurrency job at the current instant, in the main lane (`main`) or the concurrent lane,
    /// attributed to the current cause. Called by the scenario executors on the scenario thread.
    func enqueueJob(_ job: UnownedJob, main: Bool) {
        let cause = resolveCause()
        lock.lock()
        defer { lock.unlock() }
        cause.jobs.enqueued += 1
        if let scenario, !scenario.sleepingTasks.isEmpty,
            let sleeping = scenario.sleepingTasks.removeValue(forKey: RuntimeHooks.taskAddress(of: job))
        {
            // The task was enqueued while its sleep is pending: cancellation woke it. Its timer is dead; the
            // sleep's own job still runs (now) so that it finishes.
            sleeping.token.isCancelled = true
            concurrentLane.append(
                ReadyItem(
                    work: .sleepWake(sleeping.job, task: 0), cause: sleeping.cause, due: nowNanosecondsStorage,
                    sequence: takeSequenceLocked()))
        }
        let item = ReadyItem(
            work: .job(job, main: main), cause: cause, due: nowNanosecondsStorage, sequence: takeSequenceLocked())
        if main { mainLane.append(item) } else { concurrentLane.append(item) }
    }

    /// Queues the job `Task.sleep` handed over, due `delay` nanoseconds from now (virtual time), attributed to the
    /// current cause; `task` is the sleeping task's address. While system time is real the delay is not virtual:
    /// the job is held (it never runs during the scenario) and reported.
    func enqueueSleep(_ job: UnownedJob, delay: Int64?, task: UInt) {
        let cause = resolveCause()
        lock.lock()
        defer { lock.unlock() }
        guard let scenario else { return }
        guard scenario.systemTime == .virtual, let delay else {
            scenario.heldSleeps.append(job)
            scenario.record(
                TimeSourceFinding(
                    kind: .realSleep, cause: cause.label, at: ScenarioDuration(nanoseconds: nowNanosecondsStorage)))
            return
        }
        let token = TimerToken()
        let deadline = nowNanosecondsStorage.addingSaturating(max(0, delay))
        let entry = TimelineEntry(
            kind: .taskSleep, cause: cause, interval: 0, token: token, work: .sleepWake(job, task: task))
        heap.push(instant: deadline, sequence: takeSequenceLocked(), entry)
        if task != 0 { scenario.sleepingTasks[task] = SleepingTask(token: token, job: job, cause: cause) }
    }
}

extension VirtualEventLoop {
    /// Whether the calling code runs on the main thread as a phone would see it: on a thread that drives a scenario,
    /// whether the timeline is running main-lane work (MainActor jobs, `DispatchQueue.main` blocks, scheduler actions,
    /// the harness's steps) rather than a default-executor job or another queue's block; on any other thread,
    /// `Thread.isMainThread`.
    public static var isOnMainThread: Bool {
        vt_thread_is_driving() != 0 ? vt_thread_is_main_isolated() != 0 : RuntimeHooks.isMainThread
    }
}
