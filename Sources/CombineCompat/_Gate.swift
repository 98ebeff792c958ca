#if !canImport(Darwin)

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CCombineCompatThread
import Synchronization

/// The calling thread, as a ``_Gate`` records its holder: its thread pointer, read in one instruction.
@inlinable
func _currentThread() -> UInt {
    UInt(combinecompat_current_thread())
}

/// What taking a gate returns: the owner's flags at that moment, and the calling thread's innermost gate before
/// (given back to `exit`, which makes it the innermost again).
@usableFromInline
struct _GateEntry {
    @usableFromInline let flags: Int
    @usableFromInline let previous: UInt

    @inlinable
    init(flags: Int, previous: UInt) {
        self.flags = flags
        self.previous = previous
    }
}

/// The lock a delivery holds while it calls a subscriber: deliveries to one subscriber run one at a time, and a
/// thread that holds it may take it again (a subscriber that sends into the subject it observes receives the nested
/// value at once), as Combine's recursive delivery locks do.
///
/// Taking it is one compare-and-swap and giving it back one atomic and-operation, whether the process has one
/// thread or many (a pthread mutex costs nothing atomic with one thread and twice as much as this with several).
/// A thread that finds it taken spins briefly, then parks on a ``_ParkingLot`` bucket until the holder leaves, so
/// a subscriber that runs for long keeps no other thread busy.
///
/// The word's low two bits are the gate's own (taken, parked threads); the owner keeps flags of its own in the
/// bits from ``firstFreeBit`` up, set with atomic operations on the same word: being totally ordered with taking
/// and leaving the gate, they tell for certain whether a delivery was running when they were set.
@usableFromInline
struct _Gate: ~Copyable {
    @usableFromInline let word: Atomic<Int>
    /// The thread holding the gate, 0 while it is open. Only the holder writes its own identity here, so a thread
    /// that reads itself holds the gate.
    @usableFromInline let holder = Atomic<UInt>(0)
    /// How many more times the holder has taken the gate; read and written by the holder only.
    @usableFromInline let depth = Atomic<Int>(0)

    @usableFromInline static var taken: Int { 1 }
    @usableFromInline static var parked: Int { 2 }
    /// The lowest bit the owner may use for flags of its own.
    @usableFromInline static var firstFreeBit: Int { 4 }

    @inlinable
    init(flags: Int = 0) {
        word = Atomic(flags)
    }

    /// Whether the thread `me` holds the gate.
    @inlinable
    func isHeld(by me: UInt) -> Bool {
        holder.load(ordering: .relaxed) == me
    }

    /// Takes the gate for the thread `me`, or once more if `me` holds it already, and makes it the thread's
    /// innermost gate; `key` (the owner's address) identifies it and picks the parking bucket. Returns the word
    /// once taken (the owner's flags as they are at that moment) and the innermost gate before, for `exit`.
    @inlinable @inline(__always)
    func enter(_ me: UInt, key: UnsafeRawPointer) -> _GateEntry {
        let previous = UInt(combinecompat_current_gate())
        combinecompat_set_current_gate(UInt(bitPattern: key))
        if holder.load(ordering: .relaxed) == me {
            depth.store(depth.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
            return _GateEntry(flags: word.load(ordering: .acquiring), previous: previous)
        }
        let open = word.load(ordering: .relaxed)
        if open & Self.taken == 0,
            word.compareExchange(expected: open, desired: open | Self.taken, ordering: .acquiring).exchanged
        {
            holder.store(me, ordering: .relaxed)
            return _GateEntry(flags: open | Self.taken, previous: previous)
        }
        return _GateEntry(flags: enterContended(me, key: key), previous: previous)
    }

    /// Gives back the hold `entry` took, making the gate held before it the innermost again. For the outermost
    /// hold the gate opens (waking parked threads) and the word just before is returned, so the owner can act on
    /// flags set meanwhile; an inner hold returns nil.
    @inlinable @inline(__always)
    func exit(_ entry: _GateEntry, key: UnsafeRawPointer) -> Int? {
        combinecompat_set_current_gate(entry.previous)
        let nested = depth.load(ordering: .relaxed)
        if nested > 0 {
            depth.store(nested &- 1, ordering: .relaxed)
            return nil
        }
        holder.store(0, ordering: .relaxed)
        // The taken bit is set: subtracting it clears it in one instruction that also returns the flags.
        let before = word.wrappingSubtract(Self.taken, ordering: .acquiringAndReleasing).oldValue
        if before & Self.parked != 0 { wakeParked(key: key) }
        return before
    }

    /// Clears the parked bit and wakes the parked threads (each takes the gate or parks again, setting the bit).
    @usableFromInline
    func wakeParked(key: UnsafeRawPointer) {
        word.bitwiseAnd(~Self.parked, ordering: .relaxed)
        _ParkingLot.shared.wakeAll(key)
    }

    /// `enter` when the gate is taken: spins on loads for a short holder, yields a few times, then parks until the
    /// holder leaves. A thread that has parked takes the gate with the parked bit set (others may still wait).
    @usableFromInline
    func enterContended(_ me: UInt, key: UnsafeRawPointer) -> Int {
        var backoff = _Backoff()
        var hasParked = false
        while true {
            let current = word.load(ordering: .relaxed)
            if current & Self.taken == 0 {
                let desired = current | Self.taken | (hasParked ? Self.parked : 0)
                if word.compareExchange(expected: current, desired: desired, ordering: .acquiring).exchanged {
                    holder.store(me, ordering: .relaxed)
                    return desired
                }
                continue
            }
            if backoff.shouldPark(), _ParkingLot.shared.bucket(for: key).park(whileTaken: word) { hasParked = true }
        }
    }
}

/// How a thread that finds a ``_Gate`` or a ``_SpinLock`` taken waits: it spins on loads (a holder needs only a
/// few instructions), yields a few times (a holder preempted on a busy machine gets to run), then parks.
struct _Backoff {
    private var attempts = 0

    /// Counts one more attempt that found the word taken; returns whether the caller should park now.
    mutating func shouldPark() -> Bool {
        attempts += 1
        if attempts < 128 { return false }
        if attempts < 136 {
            sched_yield()
            return false
        }
        return true
    }
}

/// Where threads wait for a ``_Gate``: a fixed table of mutex and condition pairs, picked by the gate owner's
/// address. A leaving holder that saw the parked bit wakes every thread of its bucket; each checks its gate again.
@usableFromInline
final class _ParkingLot: @unchecked Sendable {
    @usableFromInline static let shared = _ParkingLot()

    /// One mutex and condition pair.
    @usableFromInline
    struct Bucket {
        let mutex: UnsafeMutablePointer<pthread_mutex_t>
        let condition: UnsafeMutablePointer<pthread_cond_t>

        func lock() { pthread_mutex_lock(mutex) }
        func unlock() { pthread_mutex_unlock(mutex) }
        /// Waits for a wake-up; called with the mutex held, which is released meanwhile.
        func wait() { pthread_cond_wait(condition, mutex) }

        /// Parks the calling thread until a wake-up if `word` (a ``_Gate``'s or a ``_SpinLock``'s: bit 1 taken,
        /// bit 2 parked) is still taken, setting its parked bit first, so the holder sees it when it leaves (and
        /// needs this bucket's mutex, which the wait releases, to wake the thread). Returns whether it parked.
        func park(whileTaken word: borrowing Atomic<Int>) -> Bool {
            lock()
            defer { unlock() }
            let now = word.load(ordering: .relaxed)
            guard now & 1 != 0,
                now & 2 != 0 || word.compareExchange(expected: now, desired: now | 2, ordering: .relaxed).exchanged
            else { return false }
            wait()
            return true
        }

        /// Wakes every thread waiting in this bucket.
        func wakeAll() {
            lock()
            pthread_cond_broadcast(condition)
            unlock()
        }
    }

    private static let count = 64
    private let mutexes: UnsafeMutablePointer<pthread_mutex_t>
    private let conditions: UnsafeMutablePointer<pthread_cond_t>

    private init() {
        mutexes = .allocate(capacity: Self.count)
        conditions = .allocate(capacity: Self.count)
        for index in 0..<Self.count {
            (mutexes + index).initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutexes + index, nil)
            (conditions + index).initialize(to: pthread_cond_t())
            pthread_cond_init(conditions + index, nil)
        }
    }

    @usableFromInline
    func bucket(for key: UnsafeRawPointer) -> Bucket {
        // Objects are at least 16-byte aligned: the bits above those pick the bucket.
        let index = Int((UInt(bitPattern: key) >> 4) % UInt(Self.count))
        return Bucket(mutex: mutexes + index, condition: conditions + index)
    }

    /// Wakes every thread parked in `key`'s bucket.
    @usableFromInline
    func wakeAll(_ key: UnsafeRawPointer) {
        bucket(for: key).wakeAll()
    }

    /// Where the threads waiting for a ``_SpinLock`` park (the first bucket, which some gates share: a thread woken
    /// in vain checks its lock or gate again and parks again).
    var lockBucket: Bucket { Bucket(mutex: mutexes, condition: conditions) }
}

#endif
