import CVirtualTime
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

/// The process's Swift concurrency executors once a scenario has run (see the facts in RuntimeHooks.swift).
///
/// Jobs enqueued on the thread that drives a scenario go to that scenario's timeline; every other job — the test
/// runner's, other tests' in parallel, any work while no scenario runs — goes to the platform's own executors.
enum ScenarioExecutors {
    static let main = ScenarioMainExecutor()
    static let `default` = ScenarioDefaultExecutor()

    /// Makes these the process's executors (once); false when the runtime kept others (its executors were fixed
    /// before, on a runtime where `_createExecutors` only takes effect early).
    static func install() -> Bool {
        _createExecutors(factory: Factory.self)
        return MainActor.executor as AnyObject === main && Task.defaultExecutor as AnyObject === `default`
    }

    struct Factory: ExecutorFactory {
        static var mainExecutor: any MainExecutor { ScenarioExecutors.main }
        static var defaultExecutor: any TaskExecutor { ScenarioExecutors.default }
    }

    /// The timeline the calling thread drives, if any.
    @inline(__always)
    static var drivingLoop: VirtualEventLoop? {
        vt_thread_is_driving() != 0 ? ScenarioSlot.driving : nil
    }
}

/// The MainActor's executor: the scenario thread's main lane, else the platform's main executor. On the scenario
/// thread, MainActor isolation holds while the timeline runs main-lane work, main-queue blocks, scheduler actions
/// and the harness's own steps.
final class ScenarioMainExecutor: MainExecutor, @unchecked Sendable {
    private let platform = PlatformExecutorFactory.mainExecutor

    func run() throws { try platform.run() }

    func stop() { platform.stop() }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        if let loop = ScenarioExecutors.drivingLoop {
            loop.enqueueJob(unowned, main: true)
        } else {
            platform.enqueue(ExecutorJob(unowned))
        }
    }

    func isIsolatingCurrentContext() -> Bool? {
        if vt_thread_is_driving() != 0 { return vt_thread_is_main_isolated() != 0 }
        return platform.isIsolatingCurrentContext()
    }

    func checkIsolated() {
        guard vt_thread_is_driving() != 0 else { return platform.checkIsolated() }
        if vt_thread_is_main_isolated() == 0 {
            fatalError("MainActor isolation expected, but the scenario thread runs work of the default executor")
        }
    }
}

/// The default executor: the scenario thread's concurrent lane and its `Task.sleep` timers, else the platform's.
final class ScenarioDefaultExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    private let platform = PlatformExecutorFactory.defaultExecutor

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        if let loop = ScenarioExecutors.drivingLoop {
            loop.enqueueJob(unowned, main: false)
        } else {
            platform.enqueue(ExecutorJob(unowned))
        }
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        let unowned = UnownedJob(job)
        guard let loop = ScenarioExecutors.drivingLoop else {
            return forward { $0.enqueue(ExecutorJob(unowned), at: instant, tolerance: tolerance, clock: clock) }
        }
        // On the scenario thread the clock is virtual and time does not pass inside a job: `now` is the instant at
        // which the deadline was computed, so the delay is exact however long the job ran for real.
        let delay = vt_thread_is_virtual() != 0 ? Self.nanoseconds(clock.now.duration(to: instant)) : nil
        loop.enqueueSleep(unowned, delay: delay, task: Self.currentTask)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        let unowned = UnownedJob(job)
        guard let loop = ScenarioExecutors.drivingLoop else {
            return forward { $0.enqueue(ExecutorJob(unowned), after: delay, tolerance: tolerance, clock: clock) }
        }
        loop.enqueueSleep(
            unowned, delay: vt_thread_is_virtual() != 0 ? Self.nanoseconds(delay) : nil, task: Self.currentTask)
    }

    private func forward(_ schedule: (any SchedulingExecutor) -> Void) {
        if let scheduling = platform as? any SchedulingExecutor {
            schedule(scheduling)
        } else {
            fatalError("the platform's default executor cannot schedule a delayed job on this runtime")
        }
    }

    /// Whole nanoseconds of a clock's duration (clocks whose duration is not `Swift.Duration` count as no delay).
    private static func nanoseconds<D>(_ duration: D) -> Int64 {
        (duration as? Duration)?.saturatingNanoseconds ?? 0
    }

    /// The address of the running task (0 outside a task).
    private static var currentTask: UInt {
        withUnsafeCurrentTask { task in task.map { unsafeBitCast($0, to: UInt.self) } ?? 0 }
    }
}
