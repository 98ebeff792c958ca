#if !canImport(Darwin)

// Attaching and detaching a subject's subscribers.

import Synchronization

extension _SubjectCore {
    @inlinable
    func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        let conduit = _SubjectConduit(core: self, delivery: _SubjectDelivery(subscriber))
        // The gate is held until the subscriber has its subscription, so no value or completion can overtake it.
        let entry = conduit.enterGate(_currentThread())
        if let completion = register(conduit) {
            conduit.exitGate(entry)
            conduit.detach()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        subscriber.receive(subscription: conduit)
        conduit.exitGate(entry)
    }

    /// Attaches `sink`'s closures straight to a conduit with unlimited demand: what `Subscribers.Sink` would do,
    /// minus the sink object, its state and one closure hop on every value.
    @inlinable
    func attachSink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let conduit = _SubjectConduit(
            core: self, delivery: _SubjectDelivery(sinkValue: receiveValue, sinkCompletion: receiveCompletion))
        // The gate is held until the demand is in place, so no value or completion can overtake the current value.
        let entry = conduit.enterGate(_currentThread())
        if let completion = register(conduit) {
            conduit.exitGate(entry)
            conduit.detach()
            receiveCompletion(completion)
            return AnyCancellable {}
        }
        conduit.request(.unlimited)
        conduit.exitGate(entry)
        return AnyCancellable { conduit.cancel() }
    }

    /// Adds `conduit` to the subscribers, unless the subject has completed: then it returns the completion for the
    /// caller to hand over (after detaching the conduit).
    @inlinable
    func register(_ conduit: _SubjectConduit<Output, Failure>) -> Subscribers.Completion<Failure>? {
        lock.lock()
        if let completion {
            lock.unlock()
            return completion
        }
        conduit.slot = slots.count
        slots.append(conduit)
        liveCount += 1
        if solo == nil {
            solo = conduit
            soloAddress.store(UInt(bitPattern: Unmanaged.passUnretained(conduit).toOpaque()), ordering: .releasing)
        }
        updateSoloLocked()
        let dropped = invalidateSnapshotLocked()
        lock.unlock()
        _ = consume dropped
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
        updateSoloLocked()
        let dropped = invalidateSnapshotLocked()
        lock.unlock()
        _ = consume dropped
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
}

#endif
