#if !canImport(Combine)

/// One subscriber's attachment to a subject: its demand, and the serialisation of deliveries to it.
///
/// Lock order: `deliveryLock` (recursive, held while the subscriber runs, so a nested send from inside the
/// subscriber on the same thread is delivered at once while other threads wait their turn) before `stateLock`
/// (never held while calling out). A cancelled or finished subscriber is moved into a local under the lock and
/// released when that local's lexical lifetime ends, after the unlock (the unlock call is a deinit barrier). No
/// `withExtendedLifetime` is used here: in unspecialised code it would build type metadata on every call.
@usableFromInline
final class _SubjectConduit<Output, Failure: Error>: Subscription, CustomStringConvertible, @unchecked Sendable {
    @usableFromInline let deliveryLock = _RecursiveLock()
    @usableFromInline let stateLock = _Lock()
    @usableFromInline @exclusivity(unchecked) var core: _SubjectCore<Output, Failure>?
    @usableFromInline @exclusivity(unchecked) var downstream: _AnySubscriberBox<Output, Failure>?
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// A current-value subject owes this subscriber its latest value at the next demand.
    @usableFromInline @exclusivity(unchecked) var owesCurrentValue: Bool
    /// The newest send already delivered through the current-value path; older offers are skipped.
    @usableFromInline @exclusivity(unchecked) var replayedVersion: UInt64 = 0

    @inlinable
    init<S: Subscriber>(core: _SubjectCore<Output, Failure>, downstream: S)
    where S.Input == Output, S.Failure == Failure {
        self.core = core
        self.downstream = _SubscriberBox(downstream)
        owesCurrentValue = core.replaysCurrentValue
    }

    @usableFromInline var description: String { core?.replaysCurrentValue == true ? "CurrentValueSubject" : "PassthroughSubject" }

    /// Delivers `value` if the subscriber has demand; otherwise drops it (a current-value subject instead owes the
    /// subscriber its latest value at the next request).
    @inlinable
    func offer(_ value: Output, version: UInt64) {
        deliveryLock.lock()
        stateLock.lock()
        guard let subscriber = downstream else {
            stateLock.unlock()
            deliveryLock.unlock()
            return
        }
        if demand.rawValue == 0 || (version != 0 && version <= replayedVersion) {
            if version != 0 && version > replayedVersion { owesCurrentValue = true }
            stateLock.unlock()
            deliveryLock.unlock()
            return
        }
        owesCurrentValue = false
        if demand != .unlimited { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
        stateLock.unlock()
        let more = subscriber.receive(value)
        if more.rawValue != 0 {
            stateLock.lock()
            if downstream != nil { demand += more }
            stateLock.unlock()
        }
        deliveryLock.unlock()
    }

    @inlinable
    func finish(_ completion: Subscribers.Completion<Failure>) {
        deliveryLock.lock()
        stateLock.lock()
        let subscriber = downstream
        downstream = nil
        let parent = core
        core = nil
        stateLock.unlock()
        subscriber?.receive(completion: completion)
        deliveryLock.unlock()
        _ = consume subscriber
        _ = consume parent
    }

    /// Forgets the subscriber without telling it anything (the subject had already completed).
    @inlinable
    func detach() {
        stateLock.lock()
        let subscriber = downstream
        let parent = core
        downstream = nil
        core = nil
        stateLock.unlock()
        _ = consume subscriber
        _ = consume parent
    }

    @inlinable
    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand.rawValue > 0, "demand must be greater than zero")
        stateLock.lock()
        guard downstream != nil else {
            stateLock.unlock()
            return
        }
        demand += newDemand
        let replay = owesCurrentValue ? core : nil
        stateLock.unlock()
        if let replay { deliverCurrentValue(of: replay) }
    }

    @inlinable
    func deliverCurrentValue(of core: _SubjectCore<Output, Failure>) {
        deliveryLock.lock()
        guard let (value, version) = core.currentValueAndVersion() else {
            deliveryLock.unlock()
            return
        }
        stateLock.lock()
        guard let subscriber = downstream, owesCurrentValue, demand.rawValue > 0, version > replayedVersion else {
            stateLock.unlock()
            deliveryLock.unlock()
            return
        }
        owesCurrentValue = false
        replayedVersion = version
        if demand != .unlimited { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
        stateLock.unlock()
        let more = subscriber.receive(value)
        if more.rawValue != 0 {
            stateLock.lock()
            if downstream != nil { demand += more }
            stateLock.unlock()
        }
        deliveryLock.unlock()
    }

    @inlinable
    func cancel() {
        stateLock.lock()
        let subscriber = downstream
        let parent = core
        downstream = nil
        core = nil
        stateLock.unlock()
        parent?.remove(self)
        _ = consume subscriber
        _ = consume parent
    }
}

#endif
