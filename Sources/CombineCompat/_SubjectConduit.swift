#if !canImport(Darwin)

import Synchronization

/// One subscriber's attachment to a subject: its demand, and the serialisation of deliveries to it.
///
/// Lock order: the delivery mutex (recursive, held while the subscriber runs, so a nested send from inside the
/// subscriber on the same thread is delivered at once while other threads wait their turn) before the state mutex
/// (never held while calling out). The subscriber is reached through a `_SubjectDelivery` made where its type is
/// known. Whatever is released is released after the unlock (`_ = consume`).
///
/// Concurrency of a delivery: it calls the subscriber through the unretained `deliveryRef`, and is counted in
/// `activity` (``runningUnit`` per delivery, added only with the delivery mutex held, so by one thread at a time).
/// Detaching (a cancel from any thread or from inside the subscriber, or the completion) sets ``detachedBit`` in
/// the same word under the state mutex; being read-modify-writes of one atomic word, the two are totally ordered:
/// a delivery that entered first is counted, so the detach retires the delivery object instead of releasing it and
/// the last delivery to leave (it sees the word drop to no deliveries, detached) releases it; a delivery that
/// enters later sees the bit and calls nothing. Nothing on the value path touches a reference count.
///
/// Fast path: once the demand is unlimited (``unlimitedBit``, set under the state mutex and never cleared, since
/// unlimited demand stays unlimited) a value needs no demand bookkeeping, so a delivery takes no state mutex: the
/// fields it still reads (`owesCurrentValue`, `replayedVersion`) are written only with the delivery mutex held.
@usableFromInline
final class _SubjectConduit<Output, Failure: Error>: Subscription, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    /// Mutex 0 (recursive) serialises deliveries; mutex 1 guards the state below. One allocation for both.
    @usableFromInline let mutexes = _MutexStorage(count: 2, firstIsRecursive: true)
    @usableFromInline @exclusivity(unchecked) var core: _SubjectCore<Output, Failure>?
    /// Owns the delivery until the subscriber cancels or the subject completes; `nil` once detached.
    @usableFromInline @exclusivity(unchecked) var delivery: _SubjectDelivery<Output, Failure>?
    /// The same object, unretained: what a delivery calls, valid for a delivery counted before the detach.
    @usableFromInline let deliveryRef: Unmanaged<_SubjectDelivery<Output, Failure>>
    /// ``detachedBit`` and ``unlimitedBit``, plus ``runningUnit`` per running delivery (more than one only when a
    /// subscriber sends into its own subject).
    @usableFromInline let activity = Atomic<Int>(0)
    /// A delivery detached while deliveries were running: released when the last of them returns.
    @usableFromInline @exclusivity(unchecked) var retired: _SubjectDelivery<Output, Failure>?
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// A current-value subject owes this subscriber its latest value at the next demand. Written with both
    /// mutexes held.
    @usableFromInline @exclusivity(unchecked) var owesCurrentValue: Bool
    /// The newest send already delivered through the current-value path; older offers are skipped. Written with
    /// both mutexes held.
    @usableFromInline @exclusivity(unchecked) var replayedVersion: UInt64 = 0
    /// Whether this subscriber has requested anything yet (its first request lets the subject ask its upstreams).
    @usableFromInline @exclusivity(unchecked) var hasRequested = false
    /// This conduit's index in the subject's slots, or -1 once removed. Guarded by the subject's lock.
    @usableFromInline @exclusivity(unchecked) var slot = -1
    @usableFromInline let replaysCurrentValue: Bool
    @usableFromInline let ignoresDemand: Bool

    /// Set once the subscriber cancelled or the subject completed.
    @usableFromInline static var detachedBit: Int { 1 }
    /// Set once the demand is unlimited.
    @usableFromInline static var unlimitedBit: Int { 2 }
    /// One running delivery.
    @usableFromInline static var runningUnit: Int { 4 }

    @inlinable
    init(core: _SubjectCore<Output, Failure>, delivery: _SubjectDelivery<Output, Failure>) {
        self.core = core
        self.delivery = delivery
        deliveryRef = Unmanaged.passUnretained(delivery)
        replaysCurrentValue = core.replaysCurrentValue
        ignoresDemand = core.ignoresDemand
        owesCurrentValue = core.replaysCurrentValue
    }

    deinit {
        mutexes.destroy()
    }

    @inlinable func lockDelivery() { mutexes.lock(0) }
    @inlinable func unlockDelivery() { mutexes.unlock(0) }
    @inlinable func lockState() { mutexes.lock(1) }
    @inlinable func unlockState() { mutexes.unlock(1) }

    @usableFromInline var description: String {
        ignoresDemand ? "ObservableObjectPublisher" : replaysCurrentValue ? "CurrentValueSubject" : "PassthroughSubject"
    }

    /// As Combine's conduits show themselves (the OpenCombine suite, whose compatibility mode runs against Apple's
    /// Combine, in PassthroughSubjectTests.testConduitReflection): the subject twice, the subscriber and the demand;
    /// `nil` for each once the subscriber cancelled or the subject completed.
    @usableFromInline var customMirror: Mirror {
        lockState()
        let (parent, subscriber, demand) = (core, delivery?.subscriber, self.demand)
        unlockState()
        // The subject is named rather than referenced: a weak reference would slow down every retain of it.
        let subject: Any = parent == nil ? "nil" : description
        // An `ObservableObjectPublisher`'s subscription shows only its subscriber (ObservableObjectPublisherTests).
        if ignoresDemand { return Mirror(self, children: ["downstream": subscriber ?? "nil"]) }
        return Mirror(
            self,
            children: [
                "parent": subject, "downstream": subscriber ?? "nil", "demand": demand, "subject": subject,
            ])
    }

    @usableFromInline var playgroundDescription: Any { description }

    /// Delivers `value` if the subscriber has demand; otherwise drops it (a current-value subject instead owes the
    /// subscriber its latest value at the next request). `version` is 0 for a passthrough subject.
    @inlinable
    func offer(_ value: Output, version: UInt64) {
        lockDelivery()
        let entered = activity.wrappingAdd(Self.runningUnit, ordering: .acquiringAndReleasing).oldValue
        if entered & (Self.detachedBit | Self.unlimitedBit) == Self.unlimitedBit, !owesCurrentValue,
            version == 0 || version > replayedVersion
        {
            // Unlimited demand: nothing to count, and a returned demand adds nothing.
            _ = deliveryRef._withUnsafeGuaranteedRef { $0.receive(value) }
        } else {
            offerCounting(value, version: version)
        }
        leave()
        unlockDelivery()
    }

    /// `offer` when the demand is finite (or the delivery is detached, or a current value is owed): the demand is
    /// checked and counted under the state mutex. Called with the delivery mutex held, counted as running.
    @inlinable
    func offerCounting(_ value: Output, version: UInt64) {
        lockState()
        guard delivery != nil else {
            unlockState()
            return
        }
        if ignoresDemand {
            guard hasRequested else {
                unlockState()
                return
            }
        } else if demand.rawValue == 0 || (version != 0 && version <= replayedVersion) {
            if version != 0 && version > replayedVersion { owesCurrentValue = true }
            unlockState()
            return
        }
        owesCurrentValue = false
        // (An ObservableObjectPublisher delivers with no demand left; the demand then stays at zero.)
        if demand != .unlimited, demand.rawValue > 0 { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
        unlockState()
        let more = deliveryRef._withUnsafeGuaranteedRef { $0.receive(value) }
        add(more)
    }

    /// Adds the demand a delivery returned, unless the subscriber has detached meanwhile.
    @inlinable
    func add(_ more: Subscribers.Demand) {
        guard more.rawValue != 0 else { return }
        lockState()
        if delivery != nil { addUnderLock(more) }
        unlockState()
    }

    /// Adds to the demand, with the state mutex held; marks the fast path once the demand is unlimited.
    @inlinable
    func addUnderLock(_ more: Subscribers.Demand) {
        demand += more
        if demand == .unlimited { activity.bitwiseOr(Self.unlimitedBit, ordering: .acquiringAndReleasing) }
    }

    /// Ends one counted delivery; the last one to leave after a detach releases the retired delivery object.
    @inlinable
    func leave() {
        let left = activity.wrappingSubtract(Self.runningUnit, ordering: .acquiringAndReleasing).newValue
        if left & ~Self.unlimitedBit == Self.detachedBit { releaseRetired() }
    }

    /// Releases a delivery object retired by a detach (if the last delivery has not done so already).
    @usableFromInline
    func releaseRetired() {
        lockState()
        var released: _SubjectDelivery<Output, Failure>?
        swap(&released, &retired)
        unlockState()
        _ = consume released
    }

    @inlinable
    func finish(_ completion: Subscribers.Completion<Failure>) {
        lockDelivery()
        var (target, parent) = detachUnderLock(deliveringCompletion: true)
        if let delivered = target {
            delivered.receive(completion: completion)
            lockState()
            let left = activity.wrappingSubtract(Self.runningUnit, ordering: .acquiringAndReleasing).newValue
            // A value delivery that sent this completion from inside the subscriber still runs: it releases it.
            if left >= Self.runningUnit {
                retired = delivered
                target = nil
            }
            unlockState()
        }
        unlockDelivery()
        _ = consume target
        _ = consume parent
    }

    /// Forgets the subscriber without telling it anything (the subject had already completed).
    @inlinable
    func detach() {
        let (target, parent) = detachUnderLock(deliveringCompletion: false)
        _ = consume target
        _ = consume parent
    }

    /// Clears the delivery and the subject under the state lock and hands them to the caller, who releases them
    /// after unlocking; while deliveries run, the delivery is retired instead and released by the last of them.
    /// With `deliveringCompletion` the returned delivery is about to receive the completion (counted as running).
    @inlinable
    func detachUnderLock(deliveringCompletion: Bool) -> (
        _SubjectDelivery<Output, Failure>?, _SubjectCore<Output, Failure>?
    ) {
        lockState()
        var taken = delivery
        let parent = core
        delivery = nil
        core = nil
        if taken != nil {
            // The first detach: the bit is clear until now, so adding it sets it.
            let added = Self.detachedBit + (deliveringCompletion ? Self.runningUnit : 0)
            let before = activity.wrappingAdd(added, ordering: .acquiringAndReleasing).oldValue
            if before >= Self.runningUnit, !deliveringCompletion {
                retired = taken
                taken = nil
            }
        }
        unlockState()
        return (taken, parent)
    }

    @inlinable
    func request(_ newDemand: Subscribers.Demand) {
        _APIViolation.checkRequested(newDemand)
        lockState()
        var replay: _SubjectCore<Output, Failure>?
        var firstRequestTo: _SubjectCore<Output, Failure>?
        if delivery != nil {
            addUnderLock(newDemand)
            if owesCurrentValue { replay = core }
            if !hasRequested {
                hasRequested = true
                firstRequestTo = core
            }
        }
        unlockState()
        if let replay { deliverCurrentValue(of: replay) }
        firstRequestTo?.downstreamDemanded()
    }

    @inlinable
    func deliverCurrentValue(of core: _SubjectCore<Output, Failure>) {
        lockDelivery()
        if let (value, version) = core.currentValueAndVersion() {
            lockState()
            var delivering = false
            if delivery != nil, owesCurrentValue, demand.rawValue > 0, version > replayedVersion {
                owesCurrentValue = false
                replayedVersion = version
                if demand != .unlimited { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
                activity.wrappingAdd(Self.runningUnit, ordering: .acquiringAndReleasing)
                delivering = true
            }
            unlockState()
            if delivering {
                let more = deliveryRef._withUnsafeGuaranteedRef { $0.receive(value) }
                add(more)
                leave()
            }
        }
        unlockDelivery()
    }

    @inlinable
    func cancel() {
        let (target, parent) = detachUnderLock(deliveringCompletion: false)
        parent?.remove(self)
        _ = consume target
        _ = consume parent
    }
}

#endif
