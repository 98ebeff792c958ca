#if canImport(Glibc)
import CombineCompat
import CVirtualTime
import Foundation

extension VirtualEventLoop {
    /// Runs `body` with this timeline driving everything the calling thread's scenario does, so one scenario plays
    /// in one reproducible order:
    /// - Swift concurrency: every job enqueued on this thread (`Task {}`, `@MainActor` methods, nonisolated async
    ///   functions, task groups, `async let`, actors) runs on this thread, in this timeline's order.
    /// - System time (unless `virtualizesSystemTime` is false or the interposition is not in effect):
    ///   `Task.sleep(for:)`, `Task.sleep(nanoseconds:)`, `Task.sleep(until:clock:)`, `ContinuousClock` and
    ///   `SuspendingClock` sleeps wake at their exact virtual instant; `ContinuousClock.now`, `SuspendingClock.now`,
    ///   `DispatchTime.now()` read 1s plus the virtual instant, `Date()` reads `wallClockStart` plus the virtual
    ///   instant; `DispatchQueue.main/global()/custom .async`, `asyncAfter`, `async(group:)` and `notify` blocks run
    ///   at their virtual instant, `sync` runs inline. Thread sleeps, blocking waits, `DispatchSource` and run-loop
    ///   timers are reported (`timeSourceFindings`) and never hang.
    /// - The real-time Combine schedulers (`DispatchQueue`, `RunLoop`, `OperationQueue`) are redirected here.
    ///
    ///     let timeline = VirtualEventLoop()
    ///     try timeline.runScenario {
    ///         timeline.withCause("step 1") { viewModel.load() }    // Task { try await Task.sleep(for: .seconds(1)) … }
    ///         try timeline.settle()                          // the load's tasks run up to their first sleep
    ///         try timeline.advance(by: .seconds(1))          // the sleep ends at exactly 1s
    ///     }
    ///
    /// Inside `body`, the calling thread plays the main thread: the MainActor is isolated to it (also when it is
    /// not the process's main thread, e.g. a Swift Testing test body), except while it runs work of the default
    /// executor or of a non-main dispatch queue. Other threads keep the platform's executors and real time.
    ///
    /// Requirements: one scenario at a time per process (the executors and interposers are process-wide): a call
    /// on another thread waits until the running one returns; a nested call on the same thread throws
    /// `VirtualTimeError.alreadyRunning`. Work still queued when `body` returns or throws (a run stopped at a limit)
    /// is abandoned, never run outside the timeline; only jobs of actors run first, to the next suspension of each
    /// task they resume, so that an actor shared with the next scenario is not left waiting for them.
    ///
    /// - Throws: `VirtualTimeError` when the executors cannot be installed, or whatever `body` throws.
    public func runScenario<R>(virtualizesSystemTime: Bool = true, _ body: () throws -> R) throws -> R {
        try RuntimeHooks.install()
        // Needed only if system time turns out real; resolved first so that nothing can throw once driving.
        let mainQueueDrain = RuntimeHooks.isMainThread ? try RuntimeHooks.mainQueueDrain() : nil
        try ScenarioSlot.acquire(self)
        defer { ScenarioSlot.release() }
        // `Thread.current` remembers what `Thread.isMainThread` said on a thread's first use: ask before this thread
        // starts playing the main thread, so it keeps its own `Thread` object.
        _ = Thread.current
        let systemTime = beginSystemTime(virtualizesSystemTime)
        let mainQueue = systemTime == .virtual ? nil : mainQueueDrain
        lock.withLock {
            scenario = ScenarioState(systemTime: systemTime, mainQueue: mainQueue)
            vt_set_now(nowNanosecondsStorage)
        }
        vt_set_main_isolated(1)
        defer { endScenario() }
        do {
            try SchedulerRedirection.install(self)
        } catch {
            throw VirtualTimeError.alreadyRunning
        }
        defer { SchedulerRedirection.remove(self) }
        defer { releaseQueuedActors() }
        return try body()
    }

    /// At most this many actor jobs run after a run that stopped early (actors that keep calling each other).
    private static let actorReleaseBudget = 10_000

    /// After a run that stopped early, runs the actor jobs still queued: each runs what its actor had queued, every
    /// task up to its next suspension, so that an actor the next scenario shares (a `static let shared` actor, a
    /// global actor) is not left scheduled forever, waiting for a job nobody runs. Everything else stays queued, to
    /// be abandoned.
    private func releaseQueuedActors() {
        var budget = Self.actorReleaseBudget
        while budget > 0 {
            let actorJobs: [UnownedJob] = lock.withLock {
                var actorJobs: [UnownedJob] = []
                var others: [ReadyItem] = []
                for item in concurrentLane.removeAll() {
                    if case .job(let job, main: false) = item.work, RuntimeHooks.isActorJob(job) {
                        actorJobs.append(job)
                    } else {
                        others.append(item)
                    }
                }
                others.forEach { concurrentLane.append($0) }
                return actorJobs
            }
            guard !actorJobs.isEmpty else { return }
            vt_set_main_isolated(0)
            for job in actorJobs.prefix(budget) { RuntimeHooks.run(job, onMainExecutor: false) }
            vt_set_main_isolated(1)
            budget -= actorJobs.count
        }
    }

    /// How system time behaves in the scenario about to run, after the self-check; starts driving this thread.
    private func beginSystemTime(_ virtualizes: Bool) -> SystemTime {
        let origin = wallClockStart.nanosecondsSince1970
        guard virtualizes else {
            vt_thread_begin(0, origin)
            return .real(.switchedOff)
        }
        vt_thread_begin(1, origin)
        guard let failure = SelfCheck.failure(wallClockStart: wallClockStart) else { return .virtual }
        vt_thread_end()
        vt_thread_begin(0, origin)
        return .real(.notInterposed(detail: failure))
    }

    /// Stops driving: abandons queued work (a run that stopped early; see `releaseQueuedActors()`), keeps the
    /// findings.
    private func endScenario() {
        vt_set_main_isolated(0)
        vt_thread_end()
        let abandoned: [Work] = lock.withLock {
            guard let state = scenario else { return [] }
            lastFindings = state.findings
            lastSystemTime = state.systemTime
            scenario = nil
            var work = concurrentLane.removeAll().map(\.work) + mainLane.removeAll().map(\.work)
            heap.removeAll { node in
                switch node.payload.work {
                case .block, .sleepWake:
                    work.append(node.payload.work)
                    return true
                case .action, .job, .mainQueueBatch:
                    return false
                }
            }
            for notify in state.groupNotifies {
                work.append(.block(notify.block, main: notify.main, group: nil))
                vt_group_release(notify.group)
            }
            return work
        }
        abandoned.forEach { $0.abandon() }
    }

    /// How the last (or running) scenario treated system time; nil before `runScenario(_:)` ran.
    public var systemTime: SystemTime? {
        lock.withLock { scenario?.systemTime ?? lastSystemTime }
    }
}
#endif
