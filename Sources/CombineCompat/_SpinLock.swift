#if !canImport(Darwin)

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// A lock for the short critical sections of the value path (a subject's subscriber list, a conduit's demand, a
/// sink's state): one compare-and-swap to take it and a plain store to give it back, the same cost whether the
/// process has one thread or many.
///
/// A pthread mutex costs no atomic operation while the process has one thread and two once it has another (glibc's
/// single-thread shortcut), so a value path made of mutexes is up to twice as slow in an app, whose processes always
/// have several threads, as in a one-thread benchmark; this lock costs the same in both.
///
/// It never parks a thread: a thread that finds it taken spins, then yields its time slice until it is free. So it
/// may only guard a few instructions that call nothing outside CombineCompat (no subscriber, no closure, no
/// `deinit`), never a wait. Deliveries, which run user code, go through a ``_Gate`` instead.
///
/// It is stored inline (a `let` of the object it guards): no allocation, no initialisation call.
@usableFromInline
struct _SpinLock: ~Copyable {
    @usableFromInline let word = Atomic<UInt32>(0)

    @inlinable
    init() {}

    @inlinable
    func lock() {
        if word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
        lockContended()
    }

    @inlinable
    func unlock() {
        word.store(0, ordering: .releasing)
    }

    @inlinable
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits for the holder: spins on loads (cheap, and the holder needs only a few instructions), then yields so
    /// that a holder preempted on a busy machine can run.
    @usableFromInline
    func lockContended() {
        var spins = 0
        while true {
            if word.load(ordering: .relaxed) == 0,
                word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
            {
                return
            }
            spins += 1
            if spins >= 64 { sched_yield() }
        }
    }
}

#endif
