#if !canImport(Darwin)

import CCombineCompatThread
import Synchronization

/// The base of the subscriptions that deliver through a ``_Gate`` (a subject's conduit, `flatMap`, `merge`,
/// `combineLatest` and `zip`): the gate, and what must outlive the delivery running when it was let go.
///
/// A delivery reaches its subscriber without reference counting, so an object a cancel lets go of from another
/// thread (or from inside the subscriber) must live until that delivery has left the gate: ``retire(_:setting:)``
/// keeps it, and the outermost exit from the gate releases it. A `Subscribers.Sink` whose subscription is one of
/// these retires its closures here too, so that a value delivered under the gate reaches it with no atomic
/// operation of its own.
@usableFromInline
class _GatedSubscription: @unchecked Sendable {
    @usableFromInline let gate: _Gate
    @usableFromInline let retiredLock = _SpinLock()
    /// Objects let go of while a delivery held the gate; guarded by `retiredLock`.
    @usableFromInline @exclusivity(unchecked) var retired: [AnyObject] = []

    /// Set while `retired` may hold objects.
    @usableFromInline static var retiredBit: Int { _Gate.firstFreeBit }
    /// The lowest gate bit a subclass may use for flags of its own.
    @usableFromInline static var firstSubclassBit: Int { _Gate.firstFreeBit << 1 }

    @inlinable
    init(flags: Int = 0) {
        gate = _Gate(flags: flags)
    }

    /// This object's address: the gate's parking key.
    @inlinable
    var gateKey: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// Takes the gate for the calling thread `me`; returns the entry to leave it with, and the gate's flags.
    @inlinable @inline(__always)
    func enterGate(_ me: UInt) -> _GateEntry {
        gate.enter(me, key: gateKey)
    }

    /// Leaves the gate taken by `entry`; the outermost exit releases what was retired meanwhile.
    @inlinable @inline(__always)
    func exitGate(_ entry: _GateEntry) {
        if let before = gate.exit(entry, key: gateKey), before & Self.retiredBit != 0 { releaseRetired() }
    }

    /// Delivers `value` to `downstream` under the gate if `direct` (the subclass's "no demand to count, nothing
    /// waiting" flag) still holds once the gate is taken; returns whether it delivered. A flag cleared meanwhile
    /// (a completion delivered, an upstream finished) sends the value the subclass's way, which tells why.
    @inlinable
    func deliverDirectly<Downstream: Subscriber>(
        _ value: Downstream.Input, to downstream: Downstream, while direct: borrowing Atomic<Bool>
    ) -> Bool {
        let entry = enterGate(_currentThread())
        defer { exitGate(entry) }
        guard direct.load(ordering: .relaxed) else { return false }
        // Unlimited demand: a returned demand adds nothing.
        _ = downstream.receive(value)
        return true
    }

    /// Whether a delivery through this subscription's gate is what the calling thread runs now (the gate is its
    /// innermost one): compared by address, so it never reads an object that may be gone.
    @inlinable @inline(__always)
    static func isInnermostGate(_ address: UInt) -> Bool {
        UInt(combinecompat_current_gate()) == address
    }

    /// Sets `flags` on the gate's word and, if a delivery holds the gate at that moment, keeps `object` until it
    /// leaves; returns whether it kept it. The caller releases its own reference to `object` afterwards, outside
    /// any lock. The flags are set before the delivery can next read them: one that takes the gate later sees them.
    ///
    /// With the gate open this is one compare-and-swap; the lock is taken only to keep an object.
    @usableFromInline
    @discardableResult
    func retire(_ object: AnyObject?, setting flags: Int = 0) -> Bool {
        var current = gate.word.load(ordering: .relaxed)
        while current & _Gate.taken == 0 {
            let (exchanged, original) = gate.word.compareExchange(
                expected: current, desired: current | flags, ordering: .acquiringAndReleasing)
            if exchanged { return false }
            current = original
        }
        guard let object else {
            gate.word.bitwiseOr(flags, ordering: .acquiringAndReleasing)
            return false
        }
        // Under the lock, so the exit that sees the marker finds the object in the list.
        retiredLock.lock()
        let before = gate.word.bitwiseOr(flags | Self.retiredBit, ordering: .acquiringAndReleasing).oldValue
        if before & _Gate.taken != 0 {
            retired.append(object)
            retiredLock.unlock()
            return true
        }
        if before & Self.retiredBit == 0 {
            // The delivery left meanwhile and nothing else waits: the marker set just now is not needed.
            gate.word.bitwiseAnd(~Self.retiredBit, ordering: .relaxed)
        }
        retiredLock.unlock()
        return false
    }

    /// Releases the retired objects, unless a delivery holds the gate again (its exit releases them then).
    @usableFromInline
    func releaseRetired() {
        retiredLock.lock()
        if gate.word.load(ordering: .acquiring) & _Gate.taken != 0 {
            retiredLock.unlock()
            return
        }
        let released = retired
        retired = []
        gate.word.bitwiseAnd(~Self.retiredBit, ordering: .relaxed)
        retiredLock.unlock()
        _ = consume released
    }
}

#endif
