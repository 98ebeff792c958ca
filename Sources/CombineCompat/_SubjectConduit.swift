#if !canImport(Combine)

/// One subscriber's attachment to a subject: its demand, and the serialisation of deliveries to it.
///
/// Lock order: the delivery mutex (recursive, held while the subscriber runs, so a nested send from inside the
/// subscriber on the same thread is delivered at once while other threads wait their turn) before the state mutex
/// (never held while calling out). The subscriber is reached through two closures made where the subscriber's type
/// is known, so a specialised caller delivers without dynamic dispatch on the subscriber type. A cancelled or
/// finished subscriber is moved into a local under the lock and released after the unlock (`_ = consume`).
@usableFromInline
final class _SubjectConduit<Output, Failure: Error>: Subscription, CustomStringConvertible, @unchecked Sendable {
    /// Mutex 0 (recursive) serialises deliveries; mutex 1 guards the state below. One allocation for both.
    @usableFromInline let mutexes = _MutexStorage(count: 2, firstIsRecursive: true)
    @usableFromInline @exclusivity(unchecked) var core: _SubjectCore<Output, Failure>?
    @usableFromInline @exclusivity(unchecked) var receiveValue: ((Output) -> Subscribers.Demand)?
    @usableFromInline @exclusivity(unchecked) var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// A current-value subject owes this subscriber its latest value at the next demand.
    @usableFromInline @exclusivity(unchecked) var owesCurrentValue: Bool
    /// The newest send already delivered through the current-value path; older offers are skipped.
    @usableFromInline @exclusivity(unchecked) var replayedVersion: UInt64 = 0
    /// Whether this subscriber has requested anything yet (its first request lets the subject ask its upstreams).
    @usableFromInline @exclusivity(unchecked) var hasRequested = false
    /// This conduit's index in the subject's slots, or -1 once removed. Guarded by the subject's lock.
    @usableFromInline @exclusivity(unchecked) var slot = -1

    @inlinable
    convenience init<S: Subscriber>(core: _SubjectCore<Output, Failure>, downstream: S)
    where S.Input == Output, S.Failure == Failure {
        self.init(
            core: core,
            receiveValue: { downstream.receive($0) },
            receiveCompletion: { downstream.receive(completion: $0) }
        )
    }

    /// A conduit that calls the closures directly: the subjects' own `sink`, without a separate sink object.
    @inlinable
    init(
        core: _SubjectCore<Output, Failure>,
        receiveValue: @escaping (Output) -> Subscribers.Demand,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        self.core = core
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
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
        core?.replaysCurrentValue == true ? "CurrentValueSubject" : "PassthroughSubject"
    }

    /// Delivers `value` if the subscriber has demand; otherwise drops it (a current-value subject instead owes the
    /// subscriber its latest value at the next request). `version` is 0 for a passthrough subject.
    @inlinable
    func offer(_ value: Output, version: UInt64) {
        lockDelivery()
        lockState()
        guard let deliver = receiveValue else {
            unlockState()
            unlockDelivery()
            return
        }
        if demand.rawValue == 0 || (version != 0 && version <= replayedVersion) {
            if version != 0 && version > replayedVersion { owesCurrentValue = true }
            unlockState()
            unlockDelivery()
            return
        }
        owesCurrentValue = false
        if demand != .unlimited { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
        unlockState()
        let more = deliver(value)
        if more.rawValue != 0 { add(more) }
        unlockDelivery()
    }

    @inlinable
    func add(_ more: Subscribers.Demand) {
        lockState()
        if receiveValue != nil { demand += more }
        unlockState()
    }

    @inlinable
    func finish(_ completion: Subscribers.Completion<Failure>) {
        lockDelivery()
        let (body, parent, released) = detachUnderLock()
        body?(completion)
        unlockDelivery()
        _ = consume body
        _ = consume parent
        _ = consume released
    }

    /// Forgets the subscriber without telling it anything (the subject had already completed).
    @inlinable
    func detach() {
        let (body, parent, released) = detachUnderLock()
        _ = consume body
        _ = consume parent
        _ = consume released
    }

    /// Clears the subscriber and the subject under the state lock; the caller releases them after unlocking.
    @inlinable
    func detachUnderLock() -> (
        ((Subscribers.Completion<Failure>) -> Void)?,
        _SubjectCore<Output, Failure>?,
        ((Output) -> Subscribers.Demand)?
    ) {
        lockState()
        let taken = (receiveCompletion, core, receiveValue)
        receiveCompletion = nil
        receiveValue = nil
        core = nil
        unlockState()
        return taken
    }

    @inlinable
    func request(_ newDemand: Subscribers.Demand) {
        _APIViolation.checkRequested(newDemand)
        lockState()
        var replay: _SubjectCore<Output, Failure>?
        var firstRequestTo: _SubjectCore<Output, Failure>?
        if receiveValue != nil {
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
            var deliver: ((Output) -> Subscribers.Demand)?
            if let body = receiveValue, owesCurrentValue, demand.rawValue > 0, version > replayedVersion {
                owesCurrentValue = false
                replayedVersion = version
                if demand != .unlimited { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
                deliver = body
            }
            unlockState()
            if let deliver {
                let more = deliver(value)
                if more.rawValue != 0 { add(more) }
            }
        }
        unlockDelivery()
    }

    @inlinable
    func cancel() {
        let (body, parent, released) = detachUnderLock()
        parent?.remove(self)
        _ = consume body
        _ = consume parent
        _ = consume released
    }
}

#endif
