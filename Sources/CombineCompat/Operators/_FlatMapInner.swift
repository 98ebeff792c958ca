#if !canImport(Darwin)

import Synchronization

/// The subscription behind `flatMap`: it subscribes to each publisher the transform returns and merges their values.
///
/// What it does follows Combine, as the OpenCombine suite (whose compatibility mode runs against Apple's Combine)
/// records in FlatMapTests:
/// - the downstream receives this subscription before the upstream is subscribed; the upstream is asked for
///   `maxPublishers` publishers, and for one more each time a child finishes when `maxPublishers` is finite;
/// - a child is asked for `.unlimited` if the downstream's demand is unlimited, otherwise for one value; a value
///   delivered under a finite demand asks its child for one more; a value that finds no demand (or finds values
///   already waiting) waits in one queue shared by all children, and each waiting value delivered later asks its
///   child for one more; a downstream demand that becomes unlimited asks every child for everything;
/// - the stream finishes once the upstream and every child have finished and no value waits; a failure of the
///   upstream cancels the children, a failure of a child cancels the other children, and either fails the stream
///   at once (waiting values are dropped); cancelling cancels every child, then the upstream;
/// - `request(.none)` traps.
///
/// Threading: state sits behind the `state` lock; deliveries go through the gate (see `_GatedSubscription`).
@usableFromInline
final class _FlatMapInner<Downstream: Subscriber, Child: Publisher>: _GatedSubscription, Subscription,
    CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let state = _SpinLock()
    @usableFromInline let downstream: Downstream
    @usableFromInline let maxPublishers: Subscribers.Demand
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var upstream: Subscription?
    @usableFromInline @exclusivity(unchecked) var upstreamFinished = false
    @usableFromInline @exclusivity(unchecked) var children: [Int: Subscription] = [:]
    /// Children subscribed but whose subscription has not arrived yet.
    @usableFromInline @exclusivity(unchecked) var pendingChildren = 0
    @usableFromInline @exclusivity(unchecked) var nextChild = 0
    @usableFromInline @exclusivity(unchecked) var waiting = _FIFO<(child: Int, value: Output)>()
    /// `waiting.count`, kept apart so the value path reads an `Int` (no tuple metadata in unspecialised code).
    @usableFromInline @exclusivity(unchecked) var waitingCount = 0
    @usableFromInline @exclusivity(unchecked) var isTerminated = false
    /// `!isTerminated && demand == .unlimited && waitingCount == 0`, kept up to date under the lock: while it holds, a
    /// value goes straight to the downstream without taking the state lock.
    @usableFromInline let deliversDirectly = Atomic<Bool>(false)
    @usableFromInline @exclusivity(unchecked) var isDraining = false

    @inlinable init(downstream: Downstream, maxPublishers: Subscribers.Demand) {
        self.downstream = downstream
        self.maxPublishers = maxPublishers
        super.init()
    }

    @usableFromInline var description: String { "FlatMap" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline var playgroundDescription: Any { description }

    @inlinable func lock() { state.lock() }

    /// Refreshes `deliversDirectly`, then unlocks.
    @inlinable func unlock() {
        deliversDirectly.store(!isTerminated && demand == .unlimited && waitingCount == 0, ordering: .relaxed)
        state.unlock()
    }

    // MARK: Upstream

    @inlinable func start() {
        downstream.receive(subscription: self)
    }

    @inlinable func upstreamReceived(_ subscription: Subscription) {
        lock()
        guard upstream == nil, !isTerminated, !upstreamFinished else {
            unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        unlock()
        subscription.request(maxPublishers)
    }

    /// Subscribes to the publisher `makeChild` returns, unless the stream has ended (or has no upstream subscription
    /// yet, in which case `makeChild` is not called).
    @inlinable func upstreamReceived(_ makeChild: () -> Child) {
        lock()
        guard upstream != nil, !isTerminated, !upstreamFinished else {
            unlock()
            return
        }
        let index = nextChild
        nextChild += 1
        pendingChildren += 1
        unlock()
        makeChild().subscribe(_FlatMapChild(flatMap: self, index: index))
    }

    @inlinable func upstreamCompleted(_ completion: Subscribers.Completion<Failure>) {
        lock()
        guard !isTerminated, !upstreamFinished else {
            unlock()
            return
        }
        switch completion {
        case .finished:
            upstreamFinished = true
            upstream = nil
            unlock()
            finishIfDone()
        case .failure:
            let cancelled = terminate()
            unlock()
            for subscription in cancelled { subscription.cancel() }
            deliver(completion: completion)
        }
    }

    // MARK: Children

    @inlinable func child(_ index: Int, received subscription: Subscription) {
        lock()
        guard !isTerminated, children[index] == nil else {
            unlock()
            subscription.cancel()
            return
        }
        pendingChildren -= 1
        children[index] = subscription
        let ask: Subscribers.Demand = demand == .unlimited ? .unlimited : .max(1)
        unlock()
        subscription.request(ask)
    }

    @inlinable func child(_ index: Int, received value: Output) -> Subscribers.Demand {
        if deliversDirectly.load(ordering: .relaxed), deliverDirectly(value, to: downstream, while: deliversDirectly) {
            return .none
        }
        lock()
        guard !isTerminated else {
            unlock()
            return .none
        }
        if demand == .unlimited, waitingCount == 0 {
            unlock()
            let entry = enterGate(_currentThread())
            _ = downstream.receive(value)
            exitGate(entry)
            return .none
        }
        guard demand.rawValue > 0, waitingCount == 0 else {
            enqueue(value, from: index)
            unlock()
            return .none
        }
        demand = Subscribers.Demand(rawValue: demand.rawValue - 1)
        unlock()
        if deliver(value) { drain() }
        return .max(1)
    }

    @inlinable func child(_ index: Int, completed completion: Subscribers.Completion<Failure>) {
        lock()
        guard !isTerminated, children.removeValue(forKey: index) != nil else {
            unlock()
            return
        }
        switch completion {
        case .finished:
            let replenish = maxPublishers == .unlimited ? nil : upstream
            unlock()
            replenish?.request(.max(1))
            finishIfDone()
        case .failure:
            isTerminated = true
            let cancelled = Array(children.values)
            children = [:]
            waiting.removeAll()
            waitingCount = 0
            unlock()
            for subscription in cancelled { subscription.cancel() }
            deliver(completion: completion)
        }
    }

    // MARK: Downstream

    @inlinable func request(_ more: Subscribers.Demand) {
        _APIViolation.checkRequested(more)
        lock()
        guard !isTerminated else {
            unlock()
            return
        }
        let wasUnlimited = demand == .unlimited
        demand += more
        let everything = !wasUnlimited && demand == .unlimited ? Array(children.values) : []
        unlock()
        for subscription in everything { subscription.request(.unlimited) }
        drain()
    }

    @inlinable func cancel() {
        lock()
        guard !isTerminated else {
            unlock()
            return
        }
        let source = upstream
        let cancelled = terminate()
        unlock()
        // The children first, then upstream, as Combine cancels them (FlatMapTests.testCancelCancels of the
        // OpenCombine suite, run against Apple's Combine).
        for subscription in cancelled { subscription.cancel() }
        source?.cancel()
    }

    // MARK: Delivery

    /// Queues a value that found no demand. Called with the lock held; kept out of the value path so that its
    /// generic tuple type costs nothing there.
    @inline(never) @usableFromInline
    func enqueue(_ value: Output, from index: Int) {
        waiting.append((index, value))
        waitingCount += 1
    }

    /// Ends the stream under the lock; returns the children to cancel once unlocked.
    @inlinable func terminate() -> [Subscription] {
        isTerminated = true
        upstream = nil
        let cancelled = Array(children.values)
        children = [:]
        waiting.removeAll()
        waitingCount = 0
        return cancelled
    }

    /// Delivers one value and adds the demand it returns; tells whether waiting values or a finish need work.
    @discardableResult
    @inlinable func deliver(_ value: Output) -> Bool {
        let entry = enterGate(_currentThread())
        let more = downstream.receive(value)
        exitGate(entry)
        lock()
        if !isTerminated { demand += more }
        let work = !isTerminated && (waitingCount > 0 || upstreamFinished)
        unlock()
        return work
    }

    @inlinable func deliver(completion: Subscribers.Completion<Failure>) {
        let entry = enterGate(_currentThread())
        downstream.receive(completion: completion)
        exitGate(entry)
    }

    /// Delivers waiting values in arrival order while demand lasts, each followed by a request for one more value
    /// from its child; then finishes if everything has. One thread drains at a time.
    @inlinable func drain() {
        while true {
            lock()
            guard !isTerminated, !isDraining, demand.rawValue > 0, waitingCount > 0,
                let (index, value) = waiting.popFirst()
            else {
                unlock()
                break
            }
            waitingCount -= 1
            isDraining = true
            if demand != .unlimited { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
            let child = children[index]
            unlock()
            deliver(value)
            lock()
            isDraining = false
            unlock()
            child?.request(.max(1))
        }
        finishIfDone()
    }

    @inlinable func finishIfDone() {
        lock()
        guard !isTerminated, upstreamFinished, children.isEmpty, pendingChildren == 0, waitingCount == 0 else {
            unlock()
            return
        }
        isTerminated = true
        unlock()
        deliver(completion: .finished)
    }
}

/// The subscriber `flatMap` attaches to each publisher its transform returns.
@usableFromInline
struct _FlatMapChild<Downstream: Subscriber, Child: Publisher>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
    @usableFromInline typealias Input = Child.Output
    @usableFromInline typealias Failure = Child.Failure

    @usableFromInline let combineIdentifier = CombineIdentifier()
    @usableFromInline let flatMap: _FlatMapInner<Downstream, Child>
    @usableFromInline let index: Int

    @inlinable
    init(flatMap: _FlatMapInner<Downstream, Child>, index: Int) {
        self.flatMap = flatMap
        self.index = index
    }

    @inlinable func receive(subscription: Subscription) { flatMap.child(index, received: subscription) }
    @inlinable func receive(_ input: Input) -> Subscribers.Demand { flatMap.child(index, received: input) }
    @inlinable func receive(completion: Subscribers.Completion<Failure>) { flatMap.child(index, completed: completion) }

    @usableFromInline var description: String { "FlatMap" }
    @usableFromInline var customMirror: Mirror {
        Mirror(self, children: ["parentSubscription": flatMap.combineIdentifier])
    }
    @usableFromInline var playgroundDescription: Any { description }
}

#endif
