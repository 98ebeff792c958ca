import Foundation
import Synchronization
import Testing

@testable import CombineCompat

#if canImport(Glibc)
import Glibc
#endif

/// CombineCompat's short value-path lock: no lost update under contention, and a thread that waits for it long
/// parks instead of keeping a core busy.
///
/// Evidence: this is CombineCompat's own machinery, not Combine behaviour; it must give what Apple documents for
/// the types it guards (a subject is safe to send to from any thread, `cancel()` is safe from any thread) without a
/// lost update, and the lead's rule for the project is that no waiting thread spins without end.
@Suite struct SpinLockTests {
    final class Guarded: @unchecked Sendable {
        let lock = _SpinLock()
        /// Guarded by `lock`.
        var count = 0
    }

    @Test func threadsIncrementingUnderTheLockLoseNoUpdate() {
        // Given a counter guarded by the lock
        let guarded = Guarded()
        // When four threads each increment it 20,000 times, some yielding while they hold it (so others wait long
        // enough to park)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for step in 0..<20_000 {
                guarded.lock.lock()
                let before = guarded.count
                if step % 500 == thread { sched_yield() }
                guarded.count = before + 1
                guarded.lock.unlock()
            }
        }
        // Then every increment counted, and the lock is free with no thread marked as parked
        #expect(guarded.lock.withLock { guarded.count } == 80_000)
        #expect(guarded.lock.word.load(ordering: .relaxed) == 0)
    }

    @Test func aThreadWaitingForAHeldLockParksAndTheUnlockWakesIt() {
        // Given a lock held by this thread, and another thread that asks for it
        let guarded = Guarded()
        let done = DispatchSemaphore(value: 0)
        guarded.lock.lock()
        let waiter = Thread {
            guarded.lock.lock()
            guarded.count += 1
            guarded.lock.unlock()
            done.signal()
        }
        waiter.start()
        // When the waiter has marked the lock as having a parked thread (it does so only on its way to park)
        var polls = 0
        while guarded.lock.word.load(ordering: .relaxed) & _SpinLock.parked == 0, polls < 10_000_000 {
            polls += 1
            sched_yield()
        }
        let markedParked = guarded.lock.word.load(ordering: .relaxed) == _SpinLock.taken | _SpinLock.parked
        guarded.count += 1
        guarded.lock.unlock()
        done.wait()
        // Then the unlock woke it: it took the lock after this thread's update, and left it free
        #expect(markedParked)
        #expect(guarded.lock.withLock { guarded.count } == 2)
        #expect(guarded.lock.word.load(ordering: .relaxed) == 0)
    }
}
