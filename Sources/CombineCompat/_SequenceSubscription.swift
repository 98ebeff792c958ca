#if !canImport(Darwin)

/// Delivers the elements of a sequence to one subscriber as demand allows, then a completion.
///
/// The loop is iterative: values requested from inside `receive(_:)` are delivered by the loop already running,
/// never by a nested call, so a long sequence never grows the stack. The next element is fetched ahead, so the
/// completion follows the last element without waiting for further demand.
final class _SequenceSubscription<Elements: Sequence, Downstream: Subscriber>: Subscription,
    CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Elements.Element {
    private let lock = _Lock()
    private var iterator: Elements.Iterator
    private var pending: Elements.Element?
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var isEmitting = false
    private let completion: Subscribers.Completion<Downstream.Failure>

    private init(
        iterator: Elements.Iterator,
        downstream: Downstream,
        completion: Subscribers.Completion<Downstream.Failure>
    ) {
        self.iterator = iterator
        self.downstream = downstream
        self.completion = completion
    }

    var description: String { "Sequence" }

    /// Subscribes `downstream` to `elements` followed by `completion`.
    static func start(
        _ elements: Elements,
        completion: Subscribers.Completion<Downstream.Failure>,
        for downstream: Downstream
    ) {
        var iterator = elements.makeIterator()
        guard let first = iterator.next() else {
            downstream.receive(subscription: Subscriptions.empty)
            downstream.receive(completion: completion)
            return
        }
        let subscription = _SequenceSubscription(iterator: iterator, downstream: downstream, completion: completion)
        subscription.pending = first
        downstream.receive(subscription: subscription)
    }

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand.rawValue > 0, "demand must be greater than zero")
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += newDemand
        if isEmitting {
            lock.unlock()
            return
        }
        isEmitting = true
        emitWhileDemanded()
    }

    /// Called with the lock held; returns with it released.
    private func emitWhileDemanded() {
        while demand.rawValue > 0, let subscriber = downstream, let value = pending {
            if demand != .unlimited { demand -= 1 }
            var iterator = self.iterator
            lock.unlock()
            let more = subscriber.receive(value)
            let next = iterator.next()
            lock.lock()
            self.iterator = iterator
            demand += more
            pending = next
            if next == nil, downstream != nil {
                downstream = nil
                lock.unlock()
                subscriber.receive(completion: completion)
                return
            }
        }
        isEmitting = false
        lock.unlock()
    }

    func cancel() {
        lock.lock()
        let released = downstream
        downstream = nil
        pending = nil
        lock.unlock()
        withExtendedLifetime(released) {}
    }
}

#endif
