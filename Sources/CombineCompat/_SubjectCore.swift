#if !canImport(Darwin)

/// The shared engine of ``PassthroughSubject`` and ``CurrentValueSubject``: the subscriber list, the terminal
/// completion, the upstream subscriptions and (for a current-value subject) the latest value.
///
/// `send` takes the lock only to read a snapshot of the conduits (a retain of the array buffer, no allocation),
/// then offers the value to each conduit outside the lock. A conduit serialises deliveries to its subscriber with
/// a recursive lock, so a subscriber that sends into the subject it observes receives the nested value at once.
///
/// - Complexity: `send` is O(number of subscribers); subscribing is O(1); cancelling is O(number of subscribers).
@usableFromInline
final class _SubjectCore<Output, Failure: Error>: @unchecked Sendable {
    @usableFromInline let lock = _Lock()
    /// The attached conduits, each a `_SubjectConduit<Output, Failure>`; stored as `AnyObject` so that the array
    /// code stays concrete (no generic metadata look-ups) also where the subject's code runs unspecialised.
    @usableFromInline @exclusivity(unchecked) var conduits: ContiguousArray<AnyObject> = []
    @usableFromInline @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    @usableFromInline var upstreams: [Subscription] = []
    /// The latest value of a current-value subject; always `nil` for a passthrough subject.
    @usableFromInline @exclusivity(unchecked) var current: Output?
    /// Incremented by every send of a current-value subject, so a conduit never delivers the same send twice.
    @usableFromInline @exclusivity(unchecked) var version: UInt64 = 0
    @usableFromInline let replaysCurrentValue: Bool

    @inlinable
    init(current: Output?) {
        self.current = current
        replaysCurrentValue = current != nil
        // Version 1 is the initial value; 0 marks a passthrough send, which is never skipped.
        version = replaysCurrentValue ? 1 : 0
    }

    @inlinable
    func send(_ value: Output) {
        lock.lock()
        if completion != nil {
            lock.unlock()
            return
        }
        var sendVersion: UInt64 = 0
        var previous: Output?
        if replaysCurrentValue {
            version &+= 1
            sendVersion = version
            previous = current
            current = value
        }
        let snapshot = conduits
        lock.unlock()
        // The replaced value is released here, outside the lock: its deinit may run user code.
        _ = consume previous
        for conduit in snapshot {
            unsafeDowncast(conduit, to: _SubjectConduit<Output, Failure>.self).offer(value, version: sendVersion)
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
        let finishing = conduits
        conduits = []
        lock.unlock()
        for conduit in finishing {
            unsafeDowncast(conduit, to: _SubjectConduit<Output, Failure>.self).finish(newCompletion)
        }
    }

    @inlinable
    func send(subscription: Subscription) {
        lock.withLock { upstreams.append(subscription) }
        subscription.request(.unlimited)
    }

    @inlinable
    func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        let conduit = _SubjectConduit(core: self, downstream: subscriber)
        // Held until the subscriber has its subscription, so no value or completion can overtake it.
        conduit.lockDelivery()
        if let completion = register(conduit) {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        subscriber.receive(subscription: conduit)
        conduit.unlockDelivery()
    }

    /// Attaches `sink`'s closures straight to a conduit with unlimited demand: what `Subscribers.Sink` would do,
    /// minus the sink object, its lock and one closure hop on every value.
    @inlinable
    func attachSink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let conduit = _SubjectConduit(
            core: self,
            receiveValue: { value in
                receiveValue(value)
                return .none
            },
            receiveCompletion: receiveCompletion
        )
        // Held until the demand is in place, so no value or completion can overtake the current value.
        conduit.lockDelivery()
        if let completion = register(conduit) {
            receiveCompletion(completion)
            return AnyCancellable {}
        }
        conduit.request(.unlimited)
        conduit.unlockDelivery()
        return AnyCancellable { conduit.cancel() }
    }

    /// Adds `conduit`, whose delivery lock the caller holds, to the subscribers. Once the subject has completed it
    /// instead releases that lock, detaches the conduit and returns the completion for the caller to hand over.
    @inlinable
    func register(_ conduit: _SubjectConduit<Output, Failure>) -> Subscribers.Completion<Failure>? {
        lock.lock()
        if let completion {
            lock.unlock()
            conduit.unlockDelivery()
            conduit.detach()
            return completion
        }
        conduits.append(conduit)
        lock.unlock()
        return nil
    }

    @inlinable
    func remove(_ conduit: _SubjectConduit<Output, Failure>) {
        lock.lock()
        // One mutating access: reading the array first (as `firstIndex` would) makes the removal copy the buffer.
        conduits.removeAll { $0 === conduit }
        lock.unlock()
    }

    /// The current value and the send it came from, for a conduit that has just received demand.
    @inlinable
    func currentValueAndVersion() -> (Output, UInt64)? {
        lock.lock()
        defer { lock.unlock() }
        guard completion == nil, let current else { return nil }
        return (current, version)
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

#endif
