#if !canImport(Darwin)

/// One subscriber's attachment to a subject: its demand, and the serialisation of deliveries to it.
///
/// Lock order: the delivery mutex (recursive, held while the subscriber runs, so a nested send from inside the
/// subscriber on the same thread is delivered at once while other threads wait their turn) before the state mutex
/// (never held while calling out). The subscriber is reached through a `_SubjectDelivery` made where its type is
/// known. A delivery calls it through an unretained reference, counted in `running`; cancelling or completing
/// while deliveries run retires it instead of releasing it, and the last running delivery releases it, so nothing
/// on the value path touches a reference count. Whatever is released is released after the unlock (`_ = consume`).
@usableFromInline
final class _SubjectConduit<Output, Failure: Error>: Subscription, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    /// Mutex 0 (recursive) serialises deliveries; mutex 1 guards the state below. One allocation for both.
    @usableFromInline let mutexes = _MutexStorage(count: 2, firstIsRecursive: true)
    @usableFromInline @exclusivity(unchecked) var core: _SubjectCore<Output, Failure>?
    /// Owns the delivery until the subscriber cancels or the subject completes.
    @usableFromInline @exclusivity(unchecked) var delivery: _SubjectDelivery<Output, Failure>?
    /// The same object, unretained: what a delivery calls. Set and cleared together with `delivery`.
    @usableFromInline @exclusivity(unchecked) var deliveryRef: Unmanaged<_SubjectDelivery<Output, Failure>>?
    /// How many deliveries are running (more than one only when a subscriber sends into its own subject).
    @usableFromInline @exclusivity(unchecked) var running = 0
    /// A delivery detached while deliveries were running: released when the last of them returns.
    @usableFromInline @exclusivity(unchecked) var retired: _SubjectDelivery<Output, Failure>?
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// A current-value subject owes this subscriber its latest value at the next demand.
    @usableFromInline @exclusivity(unchecked) var owesCurrentValue: Bool
    /// The newest send already delivered through the current-value path; older offers are skipped.
    @usableFromInline @exclusivity(unchecked) var replayedVersion: UInt64 = 0
    /// Whether this subscriber has requested anything yet (its first request lets the subject ask its upstreams).
    @usableFromInline @exclusivity(unchecked) var hasRequested = false
    /// This conduit's index in the subject's slots, or -1 once removed. Guarded by the subject's lock.
    @usableFromInline @exclusivity(unchecked) var slot = -1
    @usableFromInline let replaysCurrentValue: Bool
    @usableFromInline let ignoresDemand: Bool

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
        lockState()
        guard let target = deliveryRef else {
            unlockState()
            unlockDelivery()
            return
        }
        if ignoresDemand {
            guard hasRequested else {
                unlockState()
                unlockDelivery()
                return
            }
        } else if demand.rawValue == 0 || (version != 0 && version <= replayedVersion) {
            if version != 0 && version > replayedVersion { owesCurrentValue = true }
            unlockState()
            unlockDelivery()
            return
        }
        owesCurrentValue = false
        // (An ObservableObjectPublisher delivers with no demand left; the demand then stays at zero.)
        if demand != .unlimited, demand.rawValue > 0 { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
        running += 1
        unlockState()
        let more = target._withUnsafeGuaranteedRef { $0.receive(value) }
        endDelivery(adding: more)
        unlockDelivery()
    }

    /// Ends one delivery: adds the demand it returned and releases a delivery retired meanwhile, if this was the
    /// last running one. Called with the delivery mutex held.
    @inlinable
    func endDelivery(adding more: Subscribers.Demand) {
        lockState()
        running -= 1
        if more.rawValue != 0, deliveryRef != nil { demand += more }
        var released: _SubjectDelivery<Output, Failure>?
        if running == 0, retired != nil { swap(&released, &retired) }
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
            running -= 1
            // A value delivery that sent this completion from inside the subscriber still runs: it releases it.
            if running > 0 {
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
        deliveryRef = nil
        core = nil
        if taken != nil, deliveringCompletion { running += 1 }
        if running > 0, !deliveringCompletion {
            retired = taken
            taken = nil
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
        if deliveryRef != nil {
            demand += newDemand
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
            var target: Unmanaged<_SubjectDelivery<Output, Failure>>?
            if let ref = deliveryRef, owesCurrentValue, demand.rawValue > 0, version > replayedVersion {
                owesCurrentValue = false
                replayedVersion = version
                if demand != .unlimited { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
                running += 1
                target = ref
            }
            unlockState()
            if let target {
                let more = target._withUnsafeGuaranteedRef { $0.receive(value) }
                endDelivery(adding: more)
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
