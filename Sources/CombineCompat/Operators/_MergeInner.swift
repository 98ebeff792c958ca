#if !canImport(Darwin)

import Synchronization

/// The subscription behind `merge(with:)`, `Merge3`…`Merge8` and `MergeMany`: a fixed set of upstreams whose values
/// go to one downstream in the order they arrive.
///
/// Demand follows Combine (the OpenCombine suite, whose compatibility mode runs against Apple's Combine, records it
/// in MergeTests): each upstream is asked for one value when it subscribes (for everything once the downstream has
/// asked for `.unlimited`); a value delivered under a finite demand asks its upstream for one more; a value that
/// finds no demand waits in its upstream's slot, where a newer value from the same upstream replaces it, and slots
/// are delivered in upstream order when demand arrives. The stream finishes once every upstream has finished and no
/// value waits; the first failure cancels every upstream and fails the stream. `request(.none)` is tolerated.
///
/// Threading: state sits behind the `state` lock; deliveries go through the gate (`_GatedSubscription`), so values from
/// several threads reach the downstream one at a time while a value sent from inside the downstream (on the same
/// thread) is delivered at once. Neither lock is held while calling an upstream.
@usableFromInline
final class _MergeInner<Downstream: Subscriber>: _GatedSubscription, Subscription, CustomStringConvertible,
    CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    /// Guards the state below; deliveries go through the gate.
    @usableFromInline let state = _SpinLock()
    @usableFromInline let downstream: Downstream
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var upstreams: [Subscription?]
    @usableFromInline @exclusivity(unchecked) var waiting: [Output?]
    @usableFromInline @exclusivity(unchecked) var waitingCount = 0
    @usableFromInline @exclusivity(unchecked) var finished: [Bool]
    @usableFromInline @exclusivity(unchecked) var finishedCount = 0
    @usableFromInline @exclusivity(unchecked) var isTerminated = false
    @usableFromInline @exclusivity(unchecked) var isDraining = false
    /// `!isTerminated && demand == .unlimited && waitingCount == 0 && finishedCount == 0`, kept up to date under the
    /// lock: while it holds, a value goes straight to the downstream without taking the state lock.
    @usableFromInline let deliversDirectly = Atomic<Bool>(false)

    @inlinable init(downstream: Downstream, count: Int) {
        self.downstream = downstream
        upstreams = Array(repeating: nil, count: count)
        waiting = Array(repeating: nil, count: count)
        finished = Array(repeating: false, count: count)
        super.init()
    }

    @usableFromInline var description: String { "Merge" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline var playgroundDescription: Any { description }

    @inlinable func lock() { state.lock() }
    /// Refreshes `deliversDirectly`, then unlocks.
    @inlinable func unlock() {
        deliversDirectly.store(
            !isTerminated && demand == .unlimited && waitingCount == 0 && finishedCount == 0, ordering: .relaxed)
        state.unlock()
    }

    /// Subscribes `downstream` to the upstreams that `subscribeEach` attaches, one closure per upstream.
    @inlinable static func subscribe(_ downstream: Downstream, _ subscribeEach: [(_MergeChild<Downstream>) -> Void]) {
        _MergeInner(downstream: downstream, count: subscribeEach.count).start(subscribeEach)
    }

    /// Hands the downstream this subscription, then subscribes each upstream in order.
    @inlinable func start(_ subscribeEach: [(_MergeChild<Downstream>) -> Void]) {
        downstream.receive(subscription: self)
        for (index, subscribe) in subscribeEach.enumerated() { subscribe(_MergeChild(merge: self, index: index)) }
        // `MergeMany` of no publisher finishes at once.
        if subscribeEach.isEmpty { finishIfDone() }
    }

    // MARK: Upstreams

    @inlinable func upstream(_ index: Int, received subscription: Subscription) {
        lock()
        guard !isTerminated, upstreams[index] == nil, !finished[index] else {
            unlock()
            subscription.cancel()
            return
        }
        upstreams[index] = subscription
        let ask: Subscribers.Demand = demand == .unlimited ? .unlimited : .max(1)
        unlock()
        subscription.request(ask)
    }

    @inlinable func upstream(_ index: Int, received value: Output) -> Subscribers.Demand {
        if deliversDirectly.load(ordering: .relaxed), deliverDirectly(value, to: downstream, while: deliversDirectly) {
            return .none
        }
        lock()
        guard !isTerminated, !finished[index] else {
            unlock()
            return .none
        }
        guard demand.rawValue > 0, waitingCount == 0 else {
            if waiting[index] == nil { waitingCount += 1 }
            waiting[index] = value
            unlock()
            return .none
        }
        let finite = demand != .unlimited
        if finite { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
        unlock()
        if deliver(value) { drain() }
        return finite ? .max(1) : .none
    }

    @inlinable func upstream(_ index: Int, completed completion: Subscribers.Completion<Failure>) {
        lock()
        guard !isTerminated, !finished[index] else {
            unlock()
            return
        }
        switch completion {
        case .finished:
            finished[index] = true
            finishedCount += 1
            unlock()
            finishIfDone()
        case .failure:
            isTerminated = true
            let cancelled = upstreams
            upstreams = Array(repeating: nil, count: upstreams.count)
            clearWaiting()
            unlock()
            // As in Combine, every upstream is cancelled, the failed one too.
            for subscription in cancelled { subscription?.cancel() }
            let entry = enterGate(_currentThread())
            downstream.receive(completion: completion)
            exitGate(entry)
        }
    }

    // MARK: Downstream

    @inlinable func request(_ more: Subscribers.Demand) {
        lock()
        guard !isTerminated else {
            unlock()
            return
        }
        let wasUnlimited = demand == .unlimited
        demand += more
        let everything = !wasUnlimited && demand == .unlimited ? upstreams : []
        unlock()
        for subscription in everything { subscription?.request(.unlimited) }
        drain()
    }

    @inlinable func cancel() {
        lock()
        guard !isTerminated else {
            unlock()
            return
        }
        isTerminated = true
        let cancelled = upstreams
        upstreams = Array(repeating: nil, count: upstreams.count)
        clearWaiting()
        unlock()
        for subscription in cancelled { subscription?.cancel() }
    }

    // MARK: Delivery

    /// Delivers one value and adds the demand it returns; tells whether waiting values or a finish now need work.
    @discardableResult @inlinable
    func deliver(_ value: Output) -> Bool {
        let entry = enterGate(_currentThread())
        let more = downstream.receive(value)
        exitGate(entry)
        lock()
        if !isTerminated { demand += more }
        let work = !isTerminated && (waitingCount > 0 || finishedCount == upstreams.count)
        unlock()
        return work
    }

    /// Delivers waiting values in upstream order while demand lasts, asking each upstream for one more value after
    /// its waiting value went out; then finishes if every upstream has. One thread drains at a time.
    @inlinable func drain() {
        while true {
            lock()
            guard !isTerminated, !isDraining, waitingCount > 0, demand.rawValue > 0,
                let index = waiting.firstIndex(where: { $0 != nil }), let value = waiting[index]
            else {
                unlock()
                break
            }
            isDraining = true
            waiting[index] = nil
            waitingCount -= 1
            let finite = demand != .unlimited
            if finite { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
            let upstream = upstreams[index]
            unlock()
            deliver(value)
            lock()
            isDraining = false
            unlock()
            if finite { upstream?.request(.max(1)) }
        }
        finishIfDone()
    }

    @inlinable func finishIfDone() {
        lock()
        guard !isTerminated, finishedCount == upstreams.count, waitingCount == 0 else {
            unlock()
            return
        }
        isTerminated = true
        upstreams = Array(repeating: nil, count: upstreams.count)
        unlock()
        let entry = enterGate(_currentThread())
        downstream.receive(completion: .finished)
        exitGate(entry)
    }

    @inlinable func clearWaiting() {
        waiting = Array(repeating: nil, count: waiting.count)
        waitingCount = 0
    }
}

/// One upstream's subscriber inside a merge: it tells the merge which upstream it is.
@usableFromInline
struct _MergeChild<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let combineIdentifier = CombineIdentifier()
    @usableFromInline let merge: _MergeInner<Downstream>
    @usableFromInline let index: Int

    @inlinable
    init(merge: _MergeInner<Downstream>, index: Int) {
        self.merge = merge
        self.index = index
    }

    @inlinable func receive(subscription: Subscription) { merge.upstream(index, received: subscription) }
    @inlinable func receive(_ input: Input) -> Subscribers.Demand { merge.upstream(index, received: input) }
    @inlinable func receive(completion: Subscribers.Completion<Failure>) {
        merge.upstream(index, completed: completion)
    }

    @usableFromInline var description: String { "Merge" }
    /// The merge's subscription, by identifier, as Combine's merge side shows itself (the OpenCombine suite, whose
    /// compatibility mode runs against Apple's Combine: MergeTests.testMergeReflection).
    @usableFromInline var customMirror: Mirror {
        Mirror(self, children: ["parentSubscription": merge.combineIdentifier])
    }
    @usableFromInline var playgroundDescription: Any { description }
}

#endif
