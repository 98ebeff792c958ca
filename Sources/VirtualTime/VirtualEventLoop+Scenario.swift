#if canImport(Glibc)
import CombineCompat

extension VirtualEventLoop {
    /// Runs `body` with this timeline driving everything: Swift concurrency jobs, the main queue (MainActor) and
    /// the real-time Combine schedulers (`DispatchQueue`, `RunLoop`, `OperationQueue`), so one scenario plays in
    /// one reproducible order. Inside `body`, `advance`, `run` and `settle` drain task work until quiescent after
    /// every step and timer. Everything is restored when `body` returns or throws.
    ///
    ///     let timeline = VirtualEventLoop()
    ///     try timeline.runScenario {
    ///         timeline.withCause("step 1") { viewModel.load() }
    ///         try timeline.settle()                          // the load's tasks run up to their first sleep
    ///         try timeline.advance(by: .milliseconds(300))   // mock latency elapses; results are delivered
    ///     }
    ///
    /// Order: timers fire by (instant, scheduling sequence). After a step and after every timer, the executor
    /// runs every queued global job (nonisolated async functions, detached tasks, actors, task-group children,
    /// `async let`) in FIFO order, then one batch of the main queue (MainActor jobs, `DispatchQueue.main.async`
    /// blocks), and repeats until both are empty; only then does the next timer fire. All of it runs on the main
    /// thread, so the order depends on nothing but the work itself.
    ///
    /// Requirements:
    /// - The main thread: MainActor jobs run on the main queue, which only the main thread may drain. Call it from
    ///   an executable's top-level code or an XCTest method (XCTest runs test methods on the main thread).
    ///   Swift Testing runs test bodies, and even `@MainActor` tests, off the main thread on Linux, where this
    ///   throws `VirtualTimeError.notOnMainThread`: run scenarios from Swift Testing through an XCTest case or a
    ///   worker process instead.
    /// - One scenario at a time per process: the runtime hook and the scheduler redirection are process-wide;
    ///   a second concurrent call throws `VirtualTimeError.alreadyRunning`.
    /// - Async code must sleep on an injected `Clock` (this timeline's `clock`): `Task.sleep` and
    ///   `ContinuousClock` cannot be virtualised on this runtime. A task sleeping on a real clock shows up in
    ///   `pendingWork().stalledCauses`.
    ///
    /// - Work left behind: call `settle()` before `body` returns. Task jobs still queued when `body` ends (it threw
    ///   mid-drain) go to the default executor; MainActor jobs stay on the main queue and would run in the next
    ///   scenario's first drain, so after a limit error, cancel the runaway tasks or use a fresh process.
    ///
    /// - Throws: `VirtualTimeError` when the executor cannot be installed, or whatever `body` throws.
    public func runScenario<R>(_ body: () throws -> R) throws -> R {
        guard try RuntimeHooks.isMainThread() else { throw VirtualTimeError.notOnMainThread }
        let symbols = try RuntimeHooks.resolve()
        let executor = DeterministicExecutor(timeline: self, symbols: symbols)
        try GlobalJobRouter.shared.acquire(executor, symbols)
        defer {
            GlobalJobRouter.shared.release(executor)
            executor.flushToDefaultExecutor()
        }
        do {
            try SchedulerRedirection.install(self)
        } catch {
            throw VirtualTimeError.alreadyRunning
        }
        defer { SchedulerRedirection.remove(self) }
        lock.withLock { self.executor = executor }
        defer { lock.withLock { self.executor = nil } }
        return try body()
    }
}
#endif
