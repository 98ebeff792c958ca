#if !canImport(Darwin)

/// The serialised fan-in behind `merge`, `flatMap`, `switchToLatest`, `combineLatest` and `zip`: many children,
/// one downstream, one delivery at a time.
///
/// - Delivery: a value arriving while another delivery is in progress (on any thread, or re-entrantly) or while
///   the downstream has no demand is queued; whoever is delivering drains the queue, in arrival order, as far as
///   demand allows. The downstream is never called concurrently and never under the lock.
/// - Demand: every downstream request (and additional demand returned from `receive(_:)`) is forwarded to every
///   subscribed child; a child that subscribes later is asked for the outstanding demand.
/// - Completion: the first failure (from a child or the source) cancels everything else, drops queued items and
///   is delivered as soon as no delivery is in progress. `.finished` is delivered once the combiner is exhausted
///   and the queue is empty.
/// - Cancellation cancels every child and the source and releases the downstream.
final class _FanIn<Combiner: _FanInCombiner, Downstream: Subscriber>: Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    typealias Failure = Downstream.Failure

    private enum Slot {
        case awaiting
        case live(Subscription)
    }

    private let lock = _Lock()
    private let render: (Combiner.Item) -> Downstream.Input
    private var combiner: Combiner
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var queue = _FIFO<Combiner.Item>()
    private var delivering = false
    private var pendingCompletion: Subscribers.Completion<Failure>?
    private var children: [Int: Slot] = [:]
    private var nextChild = 0
    private var source: Subscription?
    private var sourceOpen: Bool
    /// Whether the source is asked for one more element each time a child finishes (`flatMap(maxPublishers:)`).
    private let replenishSource: Bool

    init(
        downstream: Downstream,
        combiner: Combiner,
        hasSource: Bool = false,
        replenishSource: Bool = false,
        render: @escaping (Combiner.Item) -> Downstream.Input
    ) {
        self.downstream = downstream
        self.combiner = combiner
        self.sourceOpen = hasSource
        self.replenishSource = replenishSource
        self.render = render
    }

    var description: String { "FanIn" }

    // MARK: Children and source

    /// Whether the stream ended (completion delivered or pending, or cancelled): no new child is worth creating.
    var isTerminated: Bool {
        lock.lock()
        defer { lock.unlock() }
        return downstream == nil || pendingCompletion != nil
    }

    /// Registers a child that is about to subscribe; returns its index.
    func addChild() -> Int {
        lock.lock()
        defer { lock.unlock() }
        let index = nextChild
        nextChild += 1
        if downstream != nil { children[index] = .awaiting }
        return index
    }

    func child(_ index: Int, received subscription: Subscription) {
        lock.lock()
        guard downstream != nil, pendingCompletion == nil, case .awaiting? = children[index] else {
            lock.unlock()
            subscription.cancel()
            return
        }
        children[index] = .live(subscription)
        let outstanding = demand
        lock.unlock()
        if outstanding > 0 { subscription.request(outstanding) }
    }

    func child(_ index: Int, received element: Combiner.Element) {
        lock.lock()
        guard downstream != nil, pendingCompletion == nil, children[index] != nil,
            let item = combiner.absorb(element, from: index)
        else {
            lock.unlock()
            return
        }
        // `zip`: taking the last queued value of a finished upstream ends the stream after this item.
        var released: Dictionary<Int, Slot>.Values?
        if combiner.isExhausted(allFinished: children.isEmpty && !sourceOpen) {
            pendingCompletion = .finished
            released = children.values
            children.removeAll()
        }
        if delivering || demand == 0 || !queue.isEmpty {
            // A combination that could not be delivered with the current demand is superseded by a newer one.
            if Combiner.coalesces, !queue.isEmpty, !(demand > queue.count) { queue.removeLast() }
            queue.append(item)
            lock.unlock()
            if let released { Self.cancel(released) }
            return
        }
        delivering = true
        demand -= 1
        lock.unlock()
        if let released { Self.cancel(released) }
        drain(startingWith: item)
    }

    func child(_ index: Int, completed completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard downstream != nil, pendingCompletion == nil, children.removeValue(forKey: index) != nil else {
            lock.unlock()
            return
        }
        if case .failure = completion {
            fail(completion)
            return
        }
        combiner.childFinished(index)
        let ask = replenishSource ? source : nil
        finishIfExhausted()
        ask?.request(.max(1))
    }

    func sourceReceived(_ subscription: Subscription) -> Bool {
        lock.lock()
        guard downstream != nil, source == nil else {
            lock.unlock()
            subscription.cancel()
            return false
        }
        source = subscription
        lock.unlock()
        return true
    }

    func sourceCompleted(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard downstream != nil, pendingCompletion == nil, sourceOpen else {
            lock.unlock()
            return
        }
        sourceOpen = false
        source = nil
        if case .failure = completion {
            fail(completion)
            return
        }
        finishIfExhausted()
    }

    /// Cancels every current child (`switchToLatest` on a new inner publisher); queued items stay queued.
    func cancelChildren() {
        lock.lock()
        let cancelled = children.values
        children.removeAll()
        lock.unlock()
        Self.cancel(cancelled)
    }

    // MARK: Downstream

    func start() {
        lock.lock()
        let target = downstream
        lock.unlock()
        target?.receive(subscription: self)
        lock.lock()
        finishIfExhausted()
    }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += more
        let mustDrain = !delivering && (!queue.isEmpty || pendingCompletion != nil)
        if mustDrain { delivering = true }
        let targets = children.values
        lock.unlock()
        Self.request(more, from: targets)
        if mustDrain { drain(startingWith: nil) }
    }

    func cancel() {
        lock.lock()
        let released = downstream
        downstream = nil
        let cancelled = children.values
        children.removeAll()
        let upstream = source
        source = nil
        queue.removeAll()
        pendingCompletion = nil
        lock.unlock()
        _ = released
        upstream?.cancel()
        Self.cancel(cancelled)
    }

    // MARK: Delivery (called without the lock unless stated)

    /// Delivers `first`, then queued items while demand lasts, then a pending completion. The caller has set
    /// `delivering`; this clears it.
    private func drain(startingWith first: Combiner.Item?) {
        var next = first
        while true {
            if let item = next {
                lock.lock()
                let target = downstream
                lock.unlock()
                let more = target?.receive(render(item)) ?? .none
                if more > 0 {
                    lock.lock()
                    demand += more
                    let targets = children.values
                    lock.unlock()
                    Self.request(more, from: targets)
                }
            }
            lock.lock()
            if downstream == nil {
                delivering = false
                lock.unlock()
                return
            }
            if demand > 0, let item = queue.popFirst() {
                demand -= 1
                lock.unlock()
                next = item
                continue
            }
            delivering = false
            guard queue.isEmpty, let completion = pendingCompletion else {
                lock.unlock()
                return
            }
            let target = downstream
            downstream = nil
            lock.unlock()
            target?.receive(completion: completion)
            return
        }
    }

    /// Called with the lock held; unlocks. Cancels everything and delivers (or leaves pending) the failure.
    private func fail(_ completion: Subscribers.Completion<Failure>) {
        pendingCompletion = completion
        queue.removeAll()
        let cancelled = children.values
        children.removeAll()
        let upstream = source
        source = nil
        let target = delivering ? nil : downstream
        if target != nil { downstream = nil }
        lock.unlock()
        upstream?.cancel()
        Self.cancel(cancelled)
        target?.receive(completion: completion)
    }

    /// Called with the lock held; unlocks. Finishes when nothing more can come and nothing is queued.
    private func finishIfExhausted() {
        let allFinished = children.isEmpty && !sourceOpen
        guard downstream != nil, pendingCompletion == nil, combiner.isExhausted(allFinished: allFinished) else {
            lock.unlock()
            return
        }
        pendingCompletion = .finished
        let remaining = children.values
        children.removeAll()
        let upstream = source
        source = nil
        var target: Downstream?
        if !delivering, queue.isEmpty {
            target = downstream
            downstream = nil
        }
        lock.unlock()
        upstream?.cancel()
        Self.cancel(remaining)
        target?.receive(completion: .finished)
    }

    private static func request(_ demand: Subscribers.Demand, from slots: Dictionary<Int, Slot>.Values) {
        for case .live(let subscription) in slots { subscription.request(demand) }
    }

    private static func cancel(_ slots: Dictionary<Int, Slot>.Values) {
        for case .live(let subscription) in slots { subscription.cancel() }
    }
}

#endif
