#if !canImport(Darwin)

import Synchronization

/// One subscriber's attachment to a subject: its demand, and the serialisation of deliveries to it.
///
/// Deliveries go through the conduit's gate (held while the subscriber runs: other threads wait their turn, a
/// nested send from inside the subscriber on the same thread is delivered at once). The state below sits behind
/// the `state` lock, never held while calling out; the gate is always taken before it. The subscriber is reached
/// through a `_SubjectDelivery` made where its type is known, unretained while a delivery runs: a cancel (from any
/// thread, or from inside the subscriber) or the completion sets ``detachedBit`` on the gate and retires the
/// delivery object if a delivery holds the gate at that moment, so it lives until that delivery leaves; a delivery
/// that takes the gate later sees the bit and calls nothing. Whatever is released is released outside the locks.
///
/// Fast path: once the demand is unlimited (``unlimitedBit``, set on the gate under the state lock and never
/// cleared, since unlimited demand stays unlimited) a value needs no demand bookkeeping, so a delivery is the gate
/// and nothing else: the fields it still reads (`owesCurrentValue`, `replayedVersion`) are written only with the
/// gate held.
@usableFromInline
final class _SubjectConduit<Output, Failure: Error>: _GatedSubscription, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline let state = _SpinLock()
    @usableFromInline @exclusivity(unchecked) var core: _SubjectCore<Output, Failure>?
    /// Owns the delivery until the subscriber cancels or the subject completes; `nil` once detached.
    @usableFromInline @exclusivity(unchecked) var delivery: _SubjectDelivery<Output, Failure>?
    /// The same object, unretained: what a delivery calls, valid for a delivery that took the gate before the detach.
    @usableFromInline let deliveryRef: Unmanaged<_SubjectDelivery<Output, Failure>>
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// Whether ``unlimitedBit`` is set already.
    @usableFromInline @exclusivity(unchecked) var markedUnlimited = false
    /// A current-value subject owes this subscriber its latest value at the next demand. Written with the gate and
    /// the state lock held.
    @usableFromInline @exclusivity(unchecked) var owesCurrentValue: Bool
    /// The newest send already delivered through the current-value path; older offers are skipped. Written with
    /// the gate and the state lock held.
    @usableFromInline @exclusivity(unchecked) var replayedVersion: UInt64 = 0
    /// Whether this subscriber has requested anything yet (its first request lets the subject ask its upstreams).
    @usableFromInline @exclusivity(unchecked) var hasRequested = false
    /// This conduit's index in the subject's slots, or -1 once removed. Guarded by the subject's lock.
    @usableFromInline @exclusivity(unchecked) var slot = -1
    @usableFromInline let replaysCurrentValue: Bool
    @usableFromInline let ignoresDemand: Bool
    @usableFromInline let isPublished: Bool

    /// Set once the subscriber cancelled or the subject completed.
    @usableFromInline static var detachedBit: Int { firstSubclassBit }
    /// Set once the demand is unlimited.
    @usableFromInline static var unlimitedBit: Int { firstSubclassBit << 1 }

    @inlinable
    init(core: _SubjectCore<Output, Failure>, delivery: _SubjectDelivery<Output, Failure>) {
        self.core = core
        self.delivery = delivery
        deliveryRef = Unmanaged.passUnretained(delivery)
        replaysCurrentValue = core.replaysCurrentValue
        ignoresDemand = core.ignoresDemand
        isPublished = core.isPublished
        owesCurrentValue = core.replaysCurrentValue
        super.init()
    }

    @usableFromInline var description: String {
        if ignoresDemand { return "ObservableObjectPublisher" }
        if isPublished { return "PublishedSubject" }
        return replaysCurrentValue ? "CurrentValueSubject" : "PassthroughSubject"
    }

    /// As Combine's conduits show themselves (the OpenCombine suite, whose compatibility mode runs against Apple's
    /// Combine, in PassthroughSubjectTests.testConduitReflection): the subject twice, the subscriber and the demand;
    /// `nil` for each once the subscriber cancelled or the subject completed.
    @usableFromInline var customMirror: Mirror {
        state.lock()
        let (parent, subscriber, demand) = (core, delivery?.subscriber, self.demand)
        state.unlock()
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
        let entry = enterGate(_currentThread())
        if entry.flags & (Self.detachedBit | Self.unlimitedBit) == Self.unlimitedBit, !owesCurrentValue,
            version == 0 || version > replayedVersion
        {
            // Unlimited demand: nothing to count, and a returned demand adds nothing.
            _ = deliveryRef._withUnsafeGuaranteedRef { $0.receive(value) }
        } else if entry.flags & Self.detachedBit == 0 {
            offerCounting(value, version: version)
        }
        exitGate(entry)
    }

    /// `offer` when the demand is finite (or a current value is owed): the demand is checked and counted under the
    /// state lock. Called with the gate held.
    @inlinable
    func offerCounting(_ value: Output, version: UInt64) {
        state.lock()
        guard delivery != nil else {
            state.unlock()
            return
        }
        if ignoresDemand {
            guard hasRequested else {
                state.unlock()
                return
            }
        } else if demand.rawValue == 0 || (version != 0 && version <= replayedVersion) {
            if version != 0 && version > replayedVersion { owesCurrentValue = true }
            state.unlock()
            return
        }
        owesCurrentValue = false
        // (An ObservableObjectPublisher delivers with no demand left; the demand then stays at zero.)
        if demand != .unlimited, demand.rawValue > 0 { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
        state.unlock()
        let more = deliveryRef._withUnsafeGuaranteedRef { $0.receive(value) }
        add(more)
    }

    /// Adds the demand a delivery returned, unless the subscriber has detached meanwhile.
    @inlinable
    func add(_ more: Subscribers.Demand) {
        guard more.rawValue != 0 else { return }
        state.lock()
        if delivery != nil { addUnderLock(more) }
        state.unlock()
    }

    /// Adds to the demand, with the state lock held; marks the fast path once the demand is unlimited.
    @inlinable
    func addUnderLock(_ more: Subscribers.Demand) {
        demand += more
        if demand == .unlimited, !markedUnlimited {
            markedUnlimited = true
            gate.word.bitwiseOr(Self.unlimitedBit, ordering: .acquiringAndReleasing)
        }
    }

    @inlinable
    func finish(_ completion: Subscribers.Completion<Failure>) {
        let entry = enterGate(_currentThread())
        let (target, parent) = takeDelivery()
        if let target {
            // Held by this thread, the gate keeps the delivery until its outermost exit (a value delivery that
            // sent this completion from inside the subscriber still runs).
            retire(target, setting: Self.detachedBit)
            target.receive(completion: completion)
        }
        exitGate(entry)
        _ = consume target
        _ = consume parent
    }

    /// Forgets the subscriber without telling it anything (the subject had already completed).
    @inlinable
    func detach() {
        let (target, parent) = takeDelivery()
        if let target { retire(target, setting: Self.detachedBit) }
        _ = consume target
        _ = consume parent
    }

    /// Clears the delivery and the subject under the state lock and hands them to the caller, who retires the
    /// delivery and releases both outside the lock.
    @inlinable
    func takeDelivery() -> (_SubjectDelivery<Output, Failure>?, _SubjectCore<Output, Failure>?) {
        state.lock()
        let taken = delivery
        let parent = core
        delivery = nil
        core = nil
        state.unlock()
        return (taken, parent)
    }

    @inlinable
    func request(_ newDemand: Subscribers.Demand) {
        _APIViolation.checkRequested(newDemand)
        state.lock()
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
        state.unlock()
        if let replay { deliverCurrentValue(of: replay) }
        firstRequestTo?.downstreamDemanded()
    }

    @inlinable
    func deliverCurrentValue(of core: _SubjectCore<Output, Failure>) {
        let entry = enterGate(_currentThread())
        if let (value, version) = core.currentValueAndVersion() {
            state.lock()
            var delivering = false
            if delivery != nil, owesCurrentValue, demand.rawValue > 0, version > replayedVersion {
                owesCurrentValue = false
                replayedVersion = version
                if demand != .unlimited { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
                delivering = true
            }
            state.unlock()
            if delivering {
                let more = deliveryRef._withUnsafeGuaranteedRef { $0.receive(value) }
                add(more)
            }
        }
        exitGate(entry)
    }

    @inlinable
    func cancel() {
        let (target, parent) = takeDelivery()
        if let target { retire(target, setting: Self.detachedBit) }
        parent?.remove(self)
        _ = consume target
        _ = consume parent
    }
}

#endif
