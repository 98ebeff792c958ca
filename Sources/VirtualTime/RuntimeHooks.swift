// The only file that touches Swift-runtime, libdispatch and interposition details (with ScenarioExecutors.swift,
// which implements the runtime's executor protocols). Verified on Swift 6.3.1, Linux (glibc), in an executable, an
// XCTest test and a Swift Testing test:
//
// - Interposition. CVirtualTime is a C target linked statically into each executable and test binary, which SwiftPM
//   links with exported dynamic symbols; its `clock_gettime`, `gettimeofday`, `time`, `nanosleep`, `usleep`, `sleep`,
//   `dispatch_async`, `dispatch_after`, `dispatch_sync`, `dispatch_group_async`, `dispatch_group_notify`,
//   `dispatch_barrier_async`, `dispatch_semaphore_wait`, `dispatch_group_wait`, `dispatch_source_set_timer`,
//   `dispatch_assert_queue`, `dispatch_assert_queue_not`, `CFRunLoopAddTimer` and Foundation's `_CFIsMainThread` take
//   precedence for every caller (no LD_PRELOAD). Each forwards to
//   `dlsym(RTLD_NEXT, name)` unless the calling thread drives a scenario with virtual time on (with system time real,
//   main-queue `dispatch_async`/`dispatch_barrier_async` and `dispatch_assert_queue` still do not: the scenario
//   thread, maybe not the process's main thread, plays the main queue).
// - Who reads which clock: `Date()`, `Date.now`, `DispatchWallTime.now()` read CLOCK_REALTIME; `ContinuousClock.now`
//   CLOCK_BOOTTIME; `SuspendingClock.now`, `DispatchTime.now()`, `ProcessInfo.systemUptime` CLOCK_MONOTONIC; a
//   Foundation `Timer` reads gettimeofday and CLOCK_MONOTONIC. `Thread.sleep` calls nanosleep in a loop until the
//   monotonic clock has passed its deadline, so a faked sleep must move the faked clock (it moves virtual time).
// - Who submits how: `DispatchQueue.async` (main, global, custom, `DispatchWorkItem`, `OperationQueue.addOperation`)
//   calls `dispatch_async`; `asyncAfter` `dispatch_after`; `sync` `dispatch_sync`; `async(group:)` and `notify`
//   `dispatch_group_async`/`dispatch_group_notify`; `.barrier` `dispatch_barrier_async`. None uses the `_f` variants
//   (the Swift runtime's platform executors do: they must stay real). A `DispatchWorkItem` submits the block
//   `dispatch_block_create` made, whose invoke function is the one the exported variable
//   `_dispatch_block_special_invoke` holds; `dispatch_block_testcancel` tells whether it was cancelled (it crashes
//   on any other block), and a cancelled one does nothing when invoked. `dispatch_time_t`: 0 now, ~0 forever; bit 63
//   clear: uptime nanoseconds; bits 63 and 62 set: wall time, negated; bit 63 alone: continuous time.
// - Executors. `_createExecutors(factory:)` (SPI ExperimentalCustomExecutors), called at run time after tasks have
//   already run, makes every `@MainActor` job go to the factory's main executor and every other job to its default
//   executor. Forwarding to `PlatformExecutorFactory`'s executors keeps the test runners (which use the MainActor and
//   the global executor, in parallel) working. `UnownedJob.runSynchronously(on:)` runs a job from any thread.
// - Default actors (`actor`, global actors) run on the default executor through a job of their own (its
//   `ExecutorJob.kind` is not `.task`): the actor counts as scheduled until that job runs, and a task that awaits it
//   meanwhile only joins its queue. A dropped actor job leaves the actor unusable for the rest of the process.
// - `Task.sleep(for:)`, `Task.sleep(nanoseconds:)`, `Task.sleep(until:clock:)`, `ContinuousClock().sleep` and
//   `SuspendingClock().sleep` hand a separate sleep job to the current scheduling executor's
//   `enqueue(_:at:tolerance:clock:)` (the default executor, even for MainActor tasks), with a deadline computed
//   from the caller's clock: on the faked clock it is an exact virtual instant. Cancelling the sleeping task enqueues
//   the task itself while its sleep job is still pending; that job, when run later, does nothing. A task's job is the
//   task object: its `UnownedJob` and the `withUnsafeCurrentTask` handle inside it carry the same address.
// - With a custom main executor, `MainActor.assumeIsolated` on any thread asks its `isIsolatingCurrentContext()`, so
//   MainActor code runs on a thread that is not the process's main thread (a Swift Testing test body) when that
//   executor answers yes. The Swift 6 dynamic isolation check of a `@MainActor` function reached through a
//   nonisolated requirement (`@preconcurrency` conformance; the trap reads "data race detected: @MainActor function
//   at Module/File.swift:41 was not called on the main thread") asks the same question off the process's main
//   thread, and passes without asking on it.
// - The main thread under the test runners: an XCTest method runs on the process's main thread. Swift Testing's
//   entry point calls `dispatch_main()`, after which the main thread is gone: test bodies, `MainActor.run` and
//   `DispatchQueue.main` blocks all run on libdispatch threads, where `Thread.isMainThread` is false for everyone. No
//   thread of such a process can be the main thread, so the scenario thread plays it (below).
// - `Thread.isMainThread` is Foundation's `_CFIsMainThread()` (`gettid() == getpid()`), which libFoundation.so calls
//   through its PLT: CVirtualTime's definition answers for the scenario thread (main-lane work yes, default-executor
//   work and other queues' blocks no) in a worker, an XCTest method and a Swift Testing test alike. `Thread.current`
//   caches its answer on a thread's first use, so the scenario thread reads it before it starts driving.
// - `dispatch_assert_queue` and `dispatch_assert_queue_not` (behind `dispatchPrecondition(.onQueue(.main))` and
//   `.notOnQueue(.main)`) are interposed the same way; a failure prints where it was made (`MainQueueAssertion`)
//   and aborts.
// - The real main dispatch queue: `_dispatch_get_main_queue_handle_4CF()` is an eventfd readable while the queue has
//   work; reading it and calling `_dispatch_main_queue_callback_4CF(nil)` on the main thread runs one batch. Used only
//   when system time is real.
//
// A missing symbol fails loudly: `install()` throws `runtimeHookUnavailable` (also when `_createExecutors` did not
// make the scenario executors the process's, as `MainActor.executor` and `Task.defaultExecutor` tell), the C side
// aborts with the name.

import CVirtualTime
import Dispatch
import Foundation
import Glibc
import RehearsalBase
@_spi(ExperimentalCustomExecutors) import _Concurrency

/// Access to the runtime and the interposers.
enum RuntimeHooks {
    /// Installs the scenario executors and the interposers' callbacks, once per process; throws naming the first
    /// libdispatch or C library symbol that cannot be found.
    static func install() throws(VirtualTimeError) {
        try installed.get()
    }

    private static let installed = Result { () throws(VirtualTimeError) in
        if let missing = vt_missing_symbol() { throw .runtimeHookUnavailable(symbol: String(cString: missing)) }
        vt_install(callbacks)
        guard ScenarioExecutors.install() else { throw .runtimeHookUnavailable(symbol: "swift_createExecutors") }
    }

    nonisolated(unsafe) private static let callbacks: UnsafeMutablePointer<vt_callbacks> = {
        let pointer = UnsafeMutablePointer<vt_callbacks>.allocate(capacity: 1)
        pointer.initialize(
            to: vt_callbacks(
                submit: { submission, isMain, deadline, block, group, queue in
                    guard let block else { return }
                    if SelfCheck.isCheckingDispatch {
                        SelfCheck.sawDispatch = true
                        Work.block(block, main: isMain != 0, group: group).abandon()
                        return
                    }
                    guard let loop = ScenarioSlot.driving else {
                        Work.block(block, main: isMain != 0, group: group).abandon()
                        return
                    }
                    loop.submitBlock(
                        submission, main: isMain != 0, deadline: deadline, block: block, group: group, queue: queue)
                },
                sync: { queue, isMain in
                    if let queue { ScenarioSlot.driving?.runQueuedWork(of: queue, main: isMain != 0) }
                },
                report: { source, nanoseconds in
                    ScenarioSlot.driving?.reportTimeSource(source, nanoseconds: nanoseconds)
                },
                assertion_failed: { expectedMain in MainQueueAssertion.report(expectedMain: expectedMain != 0) }))
        return pointer
    }()

    /// Runs a job on the calling thread, on the scenario's main or default executor.
    static func run(_ job: UnownedJob, onMainExecutor: Bool) {
        if onMainExecutor {
            job.runSynchronously(on: ScenarioExecutors.main.asUnownedSerialExecutor())
        } else {
            job.runSynchronously(on: ScenarioExecutors.default.asUnownedTaskExecutor())
        }
    }

    /// Whether `job` is an actor's (the job that runs what a default actor has queued) rather than a task's.
    static func isActorJob(_ job: UnownedJob) -> Bool {
        ExecutorJob(job).kind != .task
    }

    /// The address of the task `job` resumes (a task's job is the task itself); it matches
    /// `ScenarioDefaultExecutor`'s address of the running task.
    static func taskAddress(of job: UnownedJob) -> UInt {
        unsafeBitCast(job, to: UInt.self)
    }

    /// The runtime's id of the task a job resumes (unique in the process, never reused; 0 for a job that is no
    /// task's).
    static func taskID(of job: UnownedJob) -> UInt64 {
        _swiftTaskGetJobTaskID(job)
    }

    /// Whether the calling thread is the process's main thread (what `Thread.isMainThread` says off a scenario
    /// thread), asked of the system once per thread.
    static var isMainThread: Bool { vt_thread_is_process_main() != 0 }

    /// The main dispatch queue's drain entry points.
    typealias MainQueueHandle = @convention(c) () -> Int32
    typealias MainQueueCallback = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// The real main queue's drain (looked up once); throws naming a missing entry point.
    static func mainQueueDrain() throws(VirtualTimeError) -> MainQueueDrain {
        try drain.get()
    }

    private static let drain = Result { () throws(VirtualTimeError) in
        let handle = try symbol("_dispatch_get_main_queue_handle_4CF")
        let callback = try symbol("_dispatch_main_queue_callback_4CF")
        return MainQueueDrain(
            handle: unsafeBitCast(handle, to: MainQueueHandle.self)(),
            callback: unsafeBitCast(callback, to: MainQueueCallback.self))
    }

    private static func symbol(_ name: String) throws(VirtualTimeError) -> UnsafeMutableRawPointer {
        // RTLD_DEFAULT is the null handle on glibc.
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            throw .runtimeHookUnavailable(symbol: name)
        }
        return address
    }
}

/// The real main dispatch queue, drained batch by batch on the main thread (system time real only).
struct MainQueueDrain: @unchecked Sendable {
    let handle: Int32
    let callback: RuntimeHooks.MainQueueCallback

    func hasWork() -> Bool {
        var descriptor = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    func runBatch() {
        var counter: UInt64 = 0
        _ = read(handle, &counter, MemoryLayout<UInt64>.size)
        callback(nil)
    }
}

/// Checks, on the thread about to drive a scenario with virtual time, that the interposition is in effect: the
/// clocks that the Swift runtime, libdispatch and Foundation read follow the virtual instant exactly, and (once per
/// process) a `DispatchQueue.async` reaches the callbacks. Call between `vt_thread_begin(1, …)` and the first work.
enum SelfCheck {
    /// Set while the dispatch check runs on the checking thread (scenarios run one at a time).
    nonisolated(unsafe) static var isCheckingDispatch = false
    nonisolated(unsafe) static var sawDispatch = false

    /// Nil when virtual time is in effect, otherwise what the check saw. Leaves the virtual instant at zero.
    static func failure(wallClockStart: ScenarioTimestamp) -> String? {
        defer { vt_set_now(0) }
        let probe: Int64 = 1_234_567
        vt_set_now(0)
        let continuous = ContinuousClock.now
        let suspending = SuspendingClock.now
        let uptime = DispatchTime.now().uptimeNanoseconds
        let wall = Date().timeIntervalSince1970
        vt_set_now(probe)
        if continuous.duration(to: .now) != .nanoseconds(probe) {
            return "ContinuousClock.now did not follow the virtual clock"
        }
        if suspending.duration(to: .now) != .nanoseconds(probe) {
            return "SuspendingClock.now did not follow the virtual clock"
        }
        if uptime != UInt64(VT_MONOTONIC_ORIGIN_NS) || DispatchTime.now().uptimeNanoseconds != uptime + UInt64(probe) {
            return "DispatchTime.now() did not follow the virtual clock"
        }
        if abs(wall - Double(wallClockStart.nanosecondsSince1970) / 1e9) > 0.001 {
            return "Date() read \(wall) seconds since 1970, not the scenario's \(wallClockStart)"
        }
        return dispatchReachesCallbacks ? nil : "DispatchQueue.async did not reach the interposed dispatch_async"
    }

    private static let dispatchReachesCallbacks: Bool = {
        isCheckingDispatch = true
        sawDispatch = false
        DispatchQueue.global().async {}
        isCheckingDispatch = false
        return sawDispatch
    }()
}

/// `swift_task_getJobTaskId`, exported by the concurrency runtime (the id Instruments shows for a task).
@_silgen_name("swift_task_getJobTaskId")
private func _swiftTaskGetJobTaskID(_ job: UnownedJob) -> UInt64
