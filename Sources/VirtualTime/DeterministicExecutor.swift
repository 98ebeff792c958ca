#if canImport(Glibc)
import CombineCompat
import Glibc

/// Runs all Swift concurrency work of one scenario on the main thread, in one reproducible order.
///
/// Global-executor jobs (routed here by `GlobalJobRouter`) wait in a FIFO; MainActor jobs wait on the main
/// dispatch queue. `drain` alternates: every queued global job in FIFO order, then one main-queue batch, until
/// both are empty (quiescent). Everything runs on the calling (main) thread, so the order depends only on what
/// the work does, never on thread timing.
final class DeterministicExecutor: @unchecked Sendable {
    private let timeline: VirtualEventLoop
    private let handle: Int32
    private let callback: RuntimeHooks.MainQueueCallback
    private let lock = _Lock()
    // Guarded by `lock`.
    private var jobs: [(job: UnsafeMutableRawPointer, cause: Cause)] = []
    private var head = 0
    private var original: RuntimeHooks.EnqueueOriginal?

    init(timeline: VirtualEventLoop, symbols: RuntimeHooks.Symbols) {
        self.timeline = timeline
        handle = symbols.mainQueueHandle()
        callback = symbols.mainQueueCallback
    }

    /// Queues a global-executor job, attributed to the current cause. Called by the runtime hook, on any thread.
    func enqueue(_ job: UnsafeMutableRawPointer, _ original: RuntimeHooks.EnqueueOriginal) {
        let cause = timeline.resolveCause()
        timeline.countJobEnqueued(cause: cause)
        lock.withLock {
            jobs.append((job, cause))
            self.original = original
        }
    }

    /// Runs queued jobs and main-queue batches until both are empty; one budget step per job and per batch.
    func drain(_ budget: inout StepBudget) throws(VirtualTimeError) {
        while true {
            while let (job, cause) = popJob() {
                try budget.spend(.taskJob, cause: cause, at: timeline.nowNanoseconds)
                timeline.runJob(cause: cause) { RuntimeHooks.runOnGenericExecutor(job) }
            }
            guard mainQueueHasWork() else { return }
            var counter: UInt64 = 0
            _ = read(handle, &counter, MemoryLayout<UInt64>.size)
            try budget.spend(.mainQueueBatch, cause: timeline.resolveCause(), at: timeline.nowNanoseconds)
            callback(nil)
        }
    }

    /// Hands jobs still queued (a run that threw mid-drain) to the default executor, so no task is stranded.
    func flushToDefaultExecutor() {
        while let (job, _) = popJob() {
            if let original = lock.withLock({ original }) { original(job) }
        }
    }

    private func popJob() -> (UnsafeMutableRawPointer, Cause)? {
        lock.withLock {
            guard head < jobs.count else {
                jobs.removeAll(keepingCapacity: true)
                head = 0
                return nil
            }
            defer { head += 1 }
            return jobs[head]
        }
    }

    private func mainQueueHasWork() -> Bool {
        var descriptor = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }
}
#endif
