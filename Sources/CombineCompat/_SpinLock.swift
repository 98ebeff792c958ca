#if !canImport(Darwin)

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// A lock for the short critical sections of the value path (a subject's subscriber list, a conduit's demand, a
/// sink's state): one compare-and-swap to take it and one atomic exchange to give it back, the same cost whether
/// the process has one thread or many.
///
/// A pthread mutex costs no atomic operation while the process has one thread and two once it has another (glibc's
/// single-thread shortcut), so a value path made of mutexes is up to twice as slow in an app, whose processes always
/// have several threads, as in a one-thread benchmark; this lock costs the same in both.
///
/// A thread that finds it taken spins briefly on loads (the holder needs only a few instructions), yields a few
/// times (a holder preempted on a busy machine gets to run), then parks on the ``_ParkingLot``'s lock bucket until
/// the holder gives it back, so a waiting thread never keeps a core busy. Being so short, it may only guard a few
/// instructions that call nothing outside CombineCompat (no subscriber, no closure, no `deinit`), never a wait.
/// Deliveries, which run user code, go through a ``_Gate`` instead.
///
/// It is stored inline (a `let` of the object it guards): no allocation, no initialisation call.
@usableFromInline
struct _SpinLock: ~Copyable {
    /// ``taken`` while held, plus ``parked`` while a thread may be parked waiting for it; 0 when free.
    @usableFromInline let word = Atomic<Int>(0)

    @usableFromInline static var taken: Int { 1 }
    @usableFromInline static var parked: Int { 2 }

    @inlinable
    init() {}

    @inlinable
    func lock() {
        if word.compareExchange(expected: 0, desired: Self.taken, ordering: .acquiring).exchanged { return }
        lockContended()
    }

    @inlinable
    func unlock() {
        // The exchange (not a plain store) tells whether a thread parked meanwhile, so none waits for good.
        if word.exchange(0, ordering: .releasing) & Self.parked != 0 { wakeParked() }
    }

    /// Wakes the threads parked for this lock (and any others parked in its bucket: each checks again).
    @usableFromInline
    func wakeParked() {
        _ParkingLot.shared.lockBucket.wakeAll()
    }

    @inlinable
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }

    /// `lock` when it is taken: spins on loads, yields a few times, then parks until an `unlock` that sees the
    /// parked bit wakes it. A thread that has parked takes the lock with the parked bit set (others may still wait).
    @usableFromInline
    func lockContended() {
        var backoff = _Backoff()
        var hasParked = false
        while true {
            if word.load(ordering: .relaxed) == 0,
                word.compareExchange(
                    expected: 0, desired: Self.taken | (hasParked ? Self.parked : 0), ordering: .acquiring
                ).exchanged
            {
                return
            }
            if backoff.shouldPark(), _ParkingLot.shared.lockBucket.park(whileTaken: word) { hasParked = true }
        }
    }
}

#endif
