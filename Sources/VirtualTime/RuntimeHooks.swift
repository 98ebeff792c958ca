// The only file that touches Swift-runtime and libdispatch internals. Verified on Swift 6.3.1, Linux (glibc):
//
// - `swift_task_enqueueGlobal_hook` is a variable exported by libswift_Concurrency. When non-nil, every job bound
//   for the global concurrent executor (`Task.detached`, nonisolated async functions, task-group children,
//   `async let`, resumed continuations of such tasks) is handed to it together with the default enqueue function.
//   It is found with `dlsym(RTLD_DEFAULT, ...)`: `dlopen(nil, 0)` fails on glibc. The runtime declares both
//   function types with the Swift calling convention; with only pointer-sized arguments that is the same register
//   assignment as the C convention on x86_64 and arm64, which is why `@convention(c)` types are used here.
// - MainActor jobs do not pass that hook (nor `swift_task_enqueueMainExecutor_hook`); on Linux they are enqueued on
//   the main dispatch queue. `_dispatch_get_main_queue_handle_4CF()` returns an eventfd that is readable while the
//   main queue has work; reading it and calling `_dispatch_main_queue_callback_4CF(nil)` runs one batch.
// - A global job runs with `swift_job_run(job, generic executor)`; the generic executor reference is two zero
//   words, and `UnownedJob.runSynchronously(on:)` is the public entry point to `swift_job_run`.
// - `Task.sleep` does not reach `swift_task_enqueueGlobalWithDelay_hook` on 6.3.1: it cannot be virtualised.
//
// If a symbol is missing, `resolve()` throws: the executor never silently falls back to real concurrency.

#if canImport(Glibc)
import CombineCompat
import Glibc

/// Access to the runtime hooks the deterministic executor needs.
enum RuntimeHooks {
    typealias EnqueueOriginal = @convention(c) (UnsafeMutableRawPointer) -> Void
    typealias EnqueueHook = @convention(c) (UnsafeMutableRawPointer, EnqueueOriginal) -> Void
    typealias MainQueueHandle = @convention(c) () -> Int32
    typealias MainQueueCallback = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias ThreadID = @convention(c) () -> Int32

    /// The resolved entry points.
    struct Symbols: @unchecked Sendable {
        let enqueueGlobalHook: UnsafeMutablePointer<EnqueueHook?>
        let mainQueueHandle: MainQueueHandle
        let mainQueueCallback: MainQueueCallback
    }

    /// Every entry point, looked up once per process; throws `runtimeHookUnavailable` naming the first missing.
    static func resolve() throws(VirtualTimeError) -> Symbols {
        try resolved.get()
    }

    private static let resolved = Result { () throws(VirtualTimeError) in try lookUp() }

    /// Whether the calling thread is the process's main thread (its thread id equals the process id).
    static func isMainThread() throws(VirtualTimeError) -> Bool {
        try threadID.get()() == getpid()
    }

    private static let threadID = Result { () throws(VirtualTimeError) in
        unsafeBitCast(try symbol("gettid"), to: ThreadID.self)
    }

    private static func lookUp() throws(VirtualTimeError) -> Symbols {
        let hook = try symbol("swift_task_enqueueGlobal_hook")
        let handle = try symbol("_dispatch_get_main_queue_handle_4CF")
        let callback = try symbol("_dispatch_main_queue_callback_4CF")
        return Symbols(
            enqueueGlobalHook: hook.assumingMemoryBound(to: EnqueueHook?.self),
            mainQueueHandle: unsafeBitCast(handle, to: MainQueueHandle.self),
            mainQueueCallback: unsafeBitCast(callback, to: MainQueueCallback.self))
    }

    /// Runs a global-executor job on the calling thread, isolated to the generic executor.
    static func runOnGenericExecutor(_ job: UnsafeMutableRawPointer) {
        unsafeBitCast(job, to: UnownedJob.self).runSynchronously(on: genericExecutor)
    }

    /// The runtime's "generic executor" reference (no identity, no implementation): two zero words.
    private static let genericExecutor = unsafeBitCast((Int(0), Int(0)), to: UnownedSerialExecutor.self)

    private static func symbol(_ name: String) throws(VirtualTimeError) -> UnsafeMutableRawPointer {
        // RTLD_DEFAULT is the null handle on glibc.
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            throw .runtimeHookUnavailable(symbol: name)
        }
        return address
    }
}

/// Owns the process-wide `swift_task_enqueueGlobal_hook`: at most one executor drives it at a time.
///
/// While an executor is active, global jobs go to its FIFO, which its owner drains on the main thread. Otherwise
/// jobs go to the previously installed hook or the default executor, so the process never deadlocks.
final class GlobalJobRouter: @unchecked Sendable {
    static let shared = GlobalJobRouter()

    private let lock = _Lock()
    private var active: DeterministicExecutor?
    private var previousHook: RuntimeHooks.EnqueueHook?
    private var slot: UnsafeMutablePointer<RuntimeHooks.EnqueueHook?>?

    /// Makes `executor` the destination of global jobs; throws `alreadyRunning` if another one is.
    func acquire(_ executor: DeterministicExecutor, _ symbols: RuntimeHooks.Symbols) throws(VirtualTimeError) {
        lock.lock()
        defer { lock.unlock() }
        guard active == nil else { throw .alreadyRunning }
        active = executor
        slot = symbols.enqueueGlobalHook
        previousHook = symbols.enqueueGlobalHook.pointee
        symbols.enqueueGlobalHook.pointee = { job, original in GlobalJobRouter.shared.route(job, original) }
    }

    /// Restores the previous hook if `executor` is the active one.
    func release(_ executor: DeterministicExecutor) {
        lock.withLock {
            guard active === executor else { return }
            slot?.pointee = previousHook
            active = nil
            previousHook = nil
            slot = nil
        }
    }

    private func route(_ job: UnsafeMutableRawPointer, _ original: RuntimeHooks.EnqueueOriginal) {
        let (executor, previous) = lock.withLock { (active, previousHook) }
        if let executor {
            executor.enqueue(job, original)
        } else if let previous {
            previous(job, original)
        } else {
            original(job)
        }
    }
}
#endif
