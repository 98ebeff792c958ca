#if !canImport(Darwin)

/// Delivers the elements of a sequence to one subscriber as demand allows, then a completion.
///
/// The loop is iterative: values requested from inside `receive(_:)` are delivered by the loop already running,
/// never by a nested call, so a long sequence never grows the stack. The next element is fetched ahead, so the
/// completion follows the last element without waiting for further demand.
@usableFromInline
final class _SequenceSubscription<Elements: Sequence, Downstream: Subscriber>: Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Downstream.Input == Elements.Element {
    @usableFromInline let lock = _SpinLock()
    @usableFromInline @exclusivity(unchecked) var iterator: Elements.Iterator
    @usableFromInline @exclusivity(unchecked) var pending: Elements.Element?
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var isEmitting = false
    @usableFromInline let completion: Subscribers.Completion<Downstream.Failure>
    /// Which publisher this subscription serves: it decides how the subscription describes itself and whether
    /// `request(.none)` traps.
    @usableFromInline let kind: _SequenceKind
    /// The elements as given, for the description and the mirror while the subscription is live.
    @usableFromInline @exclusivity(unchecked) var elements: Elements?

    @inlinable
    init(
        elements: Elements,
        iterator: Elements.Iterator,
        downstream: Downstream,
        completion: Subscribers.Completion<Downstream.Failure>,
        kind: _SequenceKind
    ) {
        self.elements = elements
        self.kind = kind
        self.iterator = iterator
        self.downstream = downstream
        self.completion = completion
    }

    /// As Combine's subscriptions describe themselves (the OpenCombine suite, whose compatibility mode runs
    /// against Apple's Combine, asserts each): `Just`, `Optional.Publisher` and `Result.Publisher` by name
    /// ("Just", "Optional", "Once"); a sequence and a record by their elements while live, then "Sequence" and
    /// "Cancelled Events".
    @usableFromInline var description: String {
        switch kind {
        case .just: return "Just"
        case .optional: return "Optional"
        case .once: return "Once"
        case .sequence, .record:
            lock.lock()
            let live = downstream != nil ? elements : nil
            lock.unlock()
            if let live { return String(describing: live) }
            return kind == .record ? "Cancelled Events" : "Sequence"
        }
    }

    /// The value for the single-value publishers (one unlabeled child), the sequence (and the completion of a
    /// record) otherwise; the elements are gone once the subscription ends.
    @usableFromInline var customMirror: Mirror {
        lock.lock()
        let live = downstream != nil ? elements : nil
        let value = pending
        lock.unlock()
        switch kind {
        case .just, .optional, .once:
            let children: [Mirror.Child] = value.map { [(label: nil, value: $0 as Any)] } ?? []
            return Mirror(self, children: children)
        case .sequence:
            return Mirror(self, children: ["sequence": live.map { $0 as Any } ?? [Elements.Element]()])
        case .record:
            return Mirror(
                self,
                children: [
                    "sequence": live.map { $0 as Any } ?? [Elements.Element](), "completion": completion,
                ])
        }
    }

    @usableFromInline var playgroundDescription: Any { description }

    /// Subscribes `downstream` to `elements` followed by `completion`.
    @inlinable
    static func start(
        _ elements: Elements,
        completion: Subscribers.Completion<Downstream.Failure>,
        for downstream: Downstream,
        kind: _SequenceKind = .sequence
    ) {
        var iterator = elements.makeIterator()
        guard let first = iterator.next() else {
            downstream.receive(subscription: Subscriptions.empty)
            downstream.receive(completion: completion)
            return
        }
        let subscription = _SequenceSubscription(
            elements: elements, iterator: iterator, downstream: downstream, completion: completion, kind: kind)
        subscription.pending = first
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func request(_ newDemand: Subscribers.Demand) {
        // The single-value publishers trap on `request(.none)`; a sequence and a record ignore it (the OpenCombine
        // compatibility suite asserts both).
        if newDemand.rawValue == 0 {
            switch kind {
            case .just, .optional, .once: _APIViolation.zeroDemand(file: #file, line: #line)
            case .sequence, .record: return
            }
        }
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
    @inlinable
    func emitWhileDemanded() {
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
                // Released after unlocking: the elements' deinit may run user code.
                let finished = elements
                elements = nil
                lock.unlock()
                withExtendedLifetime(finished) {}
                subscriber.receive(completion: completion)
                return
            }
        }
        isEmitting = false
        lock.unlock()
    }

    @inlinable
    func cancel() {
        lock.lock()
        let released = downstream
        downstream = nil
        pending = nil
        let elements = self.elements
        self.elements = nil
        lock.unlock()
        withExtendedLifetime(elements) {}
        withExtendedLifetime(released) {}
    }
}

/// The publisher a `_SequenceSubscription` serves.
@usableFromInline
enum _SequenceKind {
    case just, optional, once, sequence, record
}

#endif
