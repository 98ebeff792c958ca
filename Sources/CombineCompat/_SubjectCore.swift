#if !canImport(Darwin)

/// The shared engine of ``PassthroughSubject`` and ``CurrentValueSubject``: the subscriber list, the terminal
/// completion, the upstream subscriptions and (for a current-value subject) the latest value.
///
/// `send` takes the lock only to read a snapshot of the conduits (a retain of the array buffer, no allocation),
/// then offers the value to each conduit outside the lock. A conduit serialises deliveries to its subscriber with
/// a recursive lock, so a subscriber that sends into the subject it observes receives the nested value at once.
///
/// The conduits sit in subscription order in `slots`; each conduit knows its slot, so cancelling clears that slot
/// instead of searching the array, and the array is compacted once more than half of it is empty.
///
/// Upstream subscriptions (`upstream.subscribe(subject)`) are asked for `.unlimited` once the subject has demand to
/// serve: a current-value subject at once (it always holds a value), a passthrough subject at the first request
/// any of its subscribers makes. Until then a finite upstream such as `[1, 2, 3].publisher` waits, so a subscriber
/// that attaches later still receives its values.
///
/// - Complexity: `send` is O(number of subscribers); subscribing and cancelling are amortised O(1).
@usableFromInline
final class _SubjectCore<Output, Failure: Error>: @unchecked Sendable {
    @usableFromInline let lock = _Lock()
    /// The attached conduits in subscription order, each a `_SubjectConduit<Output, Failure>`, `nil` where one
    /// left; stored as `AnyObject` so that the array code stays concrete (no generic metadata look-ups) also where
    /// the subject's code runs unspecialised.
    @usableFromInline @exclusivity(unchecked) var slots: ContiguousArray<AnyObject?> = []
    /// The number of non-`nil` slots.
    @usableFromInline @exclusivity(unchecked) var liveCount = 0
    @usableFromInline @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    @usableFromInline var upstreams: [Subscription] = []
    /// Whether the upstream subscriptions have been asked for `.unlimited` (and later ones are asked at once).
    @usableFromInline var upstreamsRequested: Bool
    /// The latest value of a current-value subject; always `nil` for a passthrough subject.
    @usableFromInline @exclusivity(unchecked) var current: Output?
    /// Incremented by every send of a current-value subject, so a conduit never delivers the same send twice.
    @usableFromInline @exclusivity(unchecked) var version: UInt64 = 0
    @usableFromInline let replaysCurrentValue: Bool

    /// An `ObservableObjectPublisher`: a subscriber that has requested once receives every send (Combine's
    /// will-change publisher ignores demand), and its subscriptions describe themselves by that name.
    @usableFromInline let ignoresDemand: Bool

    @inlinable
    init(current: Output?, ignoresDemand: Bool = false) {
        self.current = current
        self.ignoresDemand = ignoresDemand
        replaysCurrentValue = current != nil
        upstreamsRequested = current != nil
        // Version 1 is the initial value; 0 marks a passthrough send, which is never skipped.
        version = replaysCurrentValue ? 1 : 0
    }

    /// Offers `value` to every subscriber. After a completion it changes nothing, except that `storingAfterCompletion`
    /// (a current-value subject's `value` setter) still makes it the current value.
    @inlinable
    func send(_ value: Output, storingAfterCompletion: Bool = false) {
        lock.lock()
        if completion != nil {
            var previous: Output?
            if storingAfterCompletion && replaysCurrentValue {
                previous = value
                swap(&current, &previous)
            }
            lock.unlock()
            _ = consume previous
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
        let snapshot = slots
        lock.unlock()
        // The replaced value is released here, outside the lock: its deinit may run user code.
        _ = consume previous
        Self.offer(value, version: sendVersion, to: snapshot)
    }

    /// Offers `value` to every conduit of `snapshot`, which keeps them alive meanwhile: each is reached through an
    /// unretained reference (`Optional<AnyObject>` and `Optional<Unmanaged<AnyObject>>` share one layout, a
    /// pointer that is null for `nil`), so a send touches no reference count per subscriber.
    @inlinable
    static func offer(_ value: Output, version: UInt64, to snapshot: ContiguousArray<AnyObject?>) {
        snapshot.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unmanaged<AnyObject>?.self) { conduits in
                for case let conduit? in conduits {
                    conduit._withUnsafeGuaranteedRef {
                        unsafeDowncast($0, to: _SubjectConduit<Output, Failure>.self).offer(value, version: version)
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
        lock.unlock()
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
    func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        let conduit = _SubjectConduit(core: self, delivery: _SubjectDelivery(subscriber))
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
            core: self, delivery: _SubjectDelivery(sinkValue: receiveValue, sinkCompletion: receiveCompletion))
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
        conduit.slot = slots.count
        slots.append(conduit)
        liveCount += 1
        lock.unlock()
        return nil
    }

    /// Clears `conduit`'s slot; compacts the slots once more than half of them are empty.
    ///
    /// - Complexity: amortised O(1): a compaction of n slots follows at least n / 2 removals.
    @inlinable
    func remove(_ conduit: _SubjectConduit<Output, Failure>) {
        lock.lock()
        let index = conduit.slot
        guard index >= 0, index < slots.count, slots[index] === conduit else {
            lock.unlock()
            return
        }
        slots[index] = nil
        conduit.slot = -1
        liveCount -= 1
        if slots.count >= 16, liveCount * 2 < slots.count { compactSlots() }
        lock.unlock()
    }

    /// Removes the empty slots, keeping subscription order. Called with the lock held.
    @inlinable
    func compactSlots() {
        var compacted = ContiguousArray<AnyObject?>()
        compacted.reserveCapacity(liveCount * 2)
        for case let conduit? in slots {
            unsafeDowncast(conduit, to: _SubjectConduit<Output, Failure>.self).slot = compacted.count
            compacted.append(conduit)
        }
        slots = compacted
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
