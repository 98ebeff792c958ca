#if !canImport(Darwin)

import Synchronization

/// The shared engine of ``PassthroughSubject`` and ``CurrentValueSubject``: the subscriber list, the terminal
/// completion, the upstream subscriptions and (for a current-value subject) the latest value.
///
/// Sending reads an immutable snapshot of the conduits, counted in `readers`: a passthrough send is one atomic
/// increment and one decrement, with no lock (a current-value send also takes the lock, to replace the value).
/// Subscribing and cancelling change `slots` under the lock and mark the snapshot stale; the next send builds a new
/// one. A snapshot replaced while sends still read it is retired, and the last of those sends frees it. A conduit
/// serialises deliveries to its subscriber with its gate, so a subscriber that sends into the subject it observes
/// receives the nested value at once.
///
/// The conduits sit in subscription order in `slots`; each conduit knows its slot, so cancelling clears that slot
/// instead of searching the array, and the array is compacted once more than half of it is empty.
///
/// Upstream subscriptions (`upstream.subscribe(subject)`) are asked for `.unlimited` once the subject has demand to
/// serve: a current-value subject at once (it always holds a value), a passthrough subject at the first request
/// any of its subscribers makes. Until then a finite upstream such as `[1, 2, 3].publisher` waits, so a subscriber
/// that attaches later still receives its values.
///
/// - Complexity: `send` is O(number of subscribers), plus O(number of subscribers) to build the snapshot for the
///   first send after a change; subscribing and cancelling are amortised O(1).
@usableFromInline
final class _SubjectCore<Output, Failure: Error>: @unchecked Sendable {
    @usableFromInline let lock = _SpinLock()
    /// Sends reading `published`, in ``readerUnit``s, plus ``staleBit``, ``completedBit`` and ``pendingBit``.
    @usableFromInline let readers = Atomic<Int>(1)
    /// The address of `snapshot` (unretained), valid while ``staleBit`` is clear.
    @usableFromInline let published = Atomic<UInt>(0)
    /// The conduits as of the last change, owned here; guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var snapshot: _ConduitSnapshot?
    /// Snapshots replaced while sends read them, freed by the last of those sends; guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var retiredSnapshots: [_ConduitSnapshot] = []
    /// The first conduit ever attached, kept until the subject goes (detached, it holds nothing), so a send may
    /// reach it through `soloAddress` without counting itself: its memory outlives every send.
    @usableFromInline @exclusivity(unchecked) var solo: _SubjectConduit<Output, Failure>?
    @usableFromInline let soloAddress = Atomic<UInt>(0)
    /// Set while `solo` is the one subscriber of a live passthrough subject: a send then offers to it directly.
    @usableFromInline let soloOnly = Atomic<Bool>(false)
    /// `soloOnly` as last stored; guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var soloOnlyStored = false
    /// The attached conduits in subscription order, each a `_SubjectConduit<Output, Failure>`, `nil` where one
    /// left; stored as `AnyObject` so that the array code stays concrete (no generic metadata look-ups) also where
    /// the subject's code runs unspecialised.
    @usableFromInline @exclusivity(unchecked) var slots: ContiguousArray<AnyObject?> = []
    /// The number of non-`nil` slots.
    @usableFromInline @exclusivity(unchecked) var liveCount = 0
    @usableFromInline @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    @usableFromInline @exclusivity(unchecked) var upstreams: [Subscription] = []
    /// Whether the upstream subscriptions have been asked for `.unlimited` (and later ones are asked at once).
    @usableFromInline @exclusivity(unchecked) var upstreamsRequested: Bool
    /// The latest value of a current-value subject; always `nil` for a passthrough subject.
    @usableFromInline @exclusivity(unchecked) var current: Output?
    /// Incremented by every send of a current-value subject, so a conduit never delivers the same send twice.
    @usableFromInline @exclusivity(unchecked) var version: UInt64 = 0
    @usableFromInline let replaysCurrentValue: Bool

    /// An `ObservableObjectPublisher`: a subscriber that has requested once receives every send (Combine's
    /// will-change publisher ignores demand), and its subscriptions describe themselves by that name.
    @usableFromInline let ignoresDemand: Bool
    /// The subject behind a `@Published` property's `$property`: its subscriptions describe themselves as
    /// "PublishedSubject", the name of Combine's class.
    @usableFromInline let isPublished: Bool

    /// The snapshot no longer matches `slots` (or there is none).
    @usableFromInline static var staleBit: Int { 1 }
    /// The subject has completed.
    @usableFromInline static var completedBit: Int { 2 }
    /// Retired snapshots wait for the sends reading them.
    @usableFromInline static var pendingBit: Int { 4 }
    /// One send reading the snapshot.
    @usableFromInline static var readerUnit: Int { 8 }

    @inlinable
    init(current: Output?, ignoresDemand: Bool = false, isPublished: Bool = false) {
        self.current = current
        self.ignoresDemand = ignoresDemand
        self.isPublished = isPublished
        replaysCurrentValue = current != nil
        upstreamsRequested = current != nil
        // Version 1 is the initial value; 0 marks a passthrough send, which is never skipped.
        version = replaysCurrentValue ? 1 : 0
    }

    /// Offers `value` to every subscriber. After a completion it changes nothing, except that `storingAfterCompletion`
    /// (a current-value subject's `value` setter) still makes it the current value.
    @inlinable
    func send(_ value: Output, storingAfterCompletion: Bool = false) {
        if replaysCurrentValue {
            sendCurrentValue(value, storingAfterCompletion: storingAfterCompletion)
            return
        }
        if soloOnly.load(ordering: .acquiring),
            let address = UnsafeRawPointer(bitPattern: soloAddress.load(ordering: .relaxed))
        {
            // One subscriber: its conduit's gate is all a send needs (a cancel meanwhile detaches it there).
            Unmanaged<_SubjectConduit<Output, Failure>>.fromOpaque(address)._withUnsafeGuaranteedRef {
                $0.offer(value, version: 0)
            }
            return
        }
        let entered = readers.wrappingAdd(Self.readerUnit, ordering: .acquiringAndReleasing).oldValue
        if entered & (Self.staleBit | Self.completedBit) == 0,
            let address = UnsafeRawPointer(bitPattern: published.load(ordering: .acquiring))
        {
            Self.offer(value, version: 0, to: Unmanaged<_ConduitSnapshot>.fromOpaque(address))
            leave()
            return
        }
        sendRefreshing(value)
    }

    /// A passthrough send that found the snapshot stale or the subject completed; counted in `readers` already.
    @usableFromInline
    func sendRefreshing(_ value: Output) {
        lock.lock()
        if completion != nil {
            lock.unlock()
            leave()
            return
        }
        let fresh = snapshotLocked()
        lock.unlock()
        Self.offer(value, version: 0, to: fresh)
        leave()
    }

    /// A current-value send: the value and its version are replaced under the lock, which also counts the send.
    @inlinable
    func sendCurrentValue(_ value: Output, storingAfterCompletion: Bool) {
        lock.lock()
        var previous: Output?
        if completion != nil {
            if storingAfterCompletion {
                previous = value
                swap(&current, &previous)
            }
            lock.unlock()
            _ = consume previous
            return
        }
        version &+= 1
        let sendVersion = version
        previous = current
        current = value
        let fresh = readers.load(ordering: .relaxed) & Self.staleBit == 0 ? nil : snapshotLocked()
        readers.wrappingAdd(Self.readerUnit, ordering: .acquiringAndReleasing)
        let address = published.load(ordering: .relaxed)
        lock.unlock()
        // The replaced value is released here, outside the lock: its deinit may run user code.
        _ = consume previous
        if let snapshot = fresh ?? UnsafeRawPointer(bitPattern: address).map(Unmanaged.fromOpaque) {
            Self.offer(value, version: sendVersion, to: snapshot)
        }
        leave()
    }

    /// Ends a counted send; the last send to leave frees the snapshots retired meanwhile.
    @inlinable
    func leave() {
        let before = readers.wrappingSubtract(Self.readerUnit, ordering: .acquiringAndReleasing).oldValue
        if before & Self.pendingBit != 0, before / Self.readerUnit == 1 { freeRetiredSnapshots() }
    }

    @usableFromInline
    func freeRetiredSnapshots() {
        lock.lock()
        guard readers.load(ordering: .acquiring) / Self.readerUnit == 0 else {
            // A send came in meanwhile; it frees them when it leaves.
            lock.unlock()
            return
        }
        let freed = retiredSnapshots
        retiredSnapshots = []
        readers.bitwiseAnd(~Self.pendingBit, ordering: .relaxed)
        lock.unlock()
        _ = consume freed
    }

    /// The current snapshot, built from `slots` if it is stale; the one it replaces is retired. Called with the
    /// lock held.
    @usableFromInline
    func snapshotLocked() -> Unmanaged<_ConduitSnapshot> {
        if let snapshot, readers.load(ordering: .relaxed) & Self.staleBit == 0 {
            return Unmanaged.passUnretained(snapshot)
        }
        var live = ContiguousArray<AnyObject>()
        live.reserveCapacity(liveCount)
        for case let conduit? in slots { live.append(conduit) }
        let fresh = _ConduitSnapshot(live)
        if let replaced = snapshot {
            retiredSnapshots.append(replaced)
            readers.bitwiseOr(Self.pendingBit, ordering: .relaxed)
        }
        snapshot = fresh
        published.store(UInt(bitPattern: Unmanaged.passUnretained(fresh).toOpaque()), ordering: .releasing)
        readers.bitwiseAnd(~Self.staleBit, ordering: .releasing)
        return Unmanaged.passUnretained(fresh)
    }

    /// Sets `soloOnly` after a change of the subscribers or the completion. Called with the lock held.
    @inlinable
    func updateSoloLocked() {
        let only = !replaysCurrentValue && completion == nil && liveCount == 1 && (solo?.slot ?? -1) >= 0
        guard only != soloOnlyStored else { return }
        soloOnlyStored = only
        soloOnly.store(only, ordering: .releasing)
    }

    /// Marks the snapshot stale after a change of `slots`. With no send reading it, it is dropped at once (with the
    /// retired ones) and handed back to release after unlocking; otherwise the next send replaces it. Called with
    /// the lock held.
    @inlinable
    func invalidateSnapshotLocked(setting flags: Int = 0) -> [_ConduitSnapshot] {
        guard snapshot != nil || flags != 0 else { return [] }
        let before = readers.bitwiseOr(Self.staleBit | flags, ordering: .acquiringAndReleasing).oldValue
        guard before / Self.readerUnit == 0 else { return [] }
        var dropped = retiredSnapshots
        retiredSnapshots = []
        if let current = snapshot { dropped.append(current) }
        snapshot = nil
        published.store(0, ordering: .relaxed)
        readers.bitwiseAnd(~Self.pendingBit, ordering: .relaxed)
        return dropped
    }

    /// Offers `value` to every conduit of `snapshot`, which keeps them alive meanwhile: each is reached through an
    /// unretained reference (`Optional<AnyObject>` and `Optional<Unmanaged<AnyObject>>` share one layout, a
    /// pointer that is null for `nil`), so a send touches no reference count per subscriber.
    @inlinable
    static func offer(_ value: Output, version: UInt64, to snapshot: Unmanaged<_ConduitSnapshot>) {
        snapshot._withUnsafeGuaranteedRef { snapshot in
            snapshot.conduits.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: Unmanaged<AnyObject>.self) { conduits in
                    for conduit in conduits {
                        conduit._withUnsafeGuaranteedRef {
                            unsafeDowncast($0, to: _SubjectConduit<Output, Failure>.self).offer(value, version: version)
                        }
                    }
                }
            }
        }
    }

    @inlinable
    func send(completion newCompletion: Subscribers.Completion<Failure>) {
        lock.lock()
        if completion != nil {
            lock.unlock()
            return
        }
        completion = newCompletion
        let finishing = slots
        slots = []
        liveCount = 0
        updateSoloLocked()
        let dropped = invalidateSnapshotLocked(setting: Self.completedBit)
        lock.unlock()
        _ = consume dropped
        for case let conduit? in finishing {
            unsafeDowncast(conduit, to: _SubjectConduit<Output, Failure>.self).finish(newCompletion)
        }
    }

    @inlinable
    func send(subscription: Subscription) {
        lock.lock()
        upstreams.append(subscription)
        let requestNow = upstreamsRequested
        lock.unlock()
        if requestNow { subscription.request(.unlimited) }
    }

    /// Called by a conduit at its subscriber's first request: from now on the upstreams are asked for everything.
    @inlinable
    func downstreamDemanded() {
        lock.lock()
        if upstreamsRequested {
            lock.unlock()
            return
        }
        upstreamsRequested = true
        let asked = upstreams
        lock.unlock()
        for subscription in asked {
            subscription.request(.unlimited)
        }
    }

    @inlinable
    func cancelUpstreams() {
        lock.lock()
        let cancelling = upstreams
        upstreams = []
        lock.unlock()
        for subscription in cancelling {
            subscription.cancel()
        }
    }
}

/// The conduits of a subject at one moment, in subscription order; immutable, so sends read it without a lock.
@usableFromInline
final class _ConduitSnapshot: @unchecked Sendable {
    @usableFromInline let conduits: ContiguousArray<AnyObject>

    @usableFromInline
    init(_ conduits: ContiguousArray<AnyObject>) {
        self.conduits = conduits
    }
}

#endif
