#if !canImport(Darwin)

import Synchronization

/// How `_CombiningInner` forms its combinations.
@usableFromInline
enum _CombiningKind {
    /// `combineLatest`: each value replaces its upstream's latest one; once every upstream has one, each new value
    /// publishes the current combination (if demand allows; otherwise that combination is dropped).
    case combineLatest
    /// `zip`: values queue per upstream; the oldest value of every upstream form the next combination, which waits
    /// for demand.
    case zip

    @usableFromInline var name: String {
        switch self {
        case .combineLatest: "CombineLatest"
        case .zip: "Zip"
        }
    }
}

/// The subscription behind `combineLatest` and `zip` of two to four upstreams.
///
/// As in Combine (the OpenCombine suite, whose compatibility mode runs against Apple's Combine, records it in
/// CombineLatestTests and ZipTests): the downstream receives this subscription before the upstreams are subscribed;
/// every request of the downstream is passed on to every upstream (an upstream that subscribes later is asked for
/// the demand outstanding then); a value returns no demand of its own, except that a request the downstream makes
/// while `zip` delivers is handed back to the upstream whose value completed the combination. `combineLatest`
/// finishes once every upstream has finished; `zip` finishes as soon as a finished upstream has no queued value
/// left, cancelling the others. A failure cancels the other upstreams and fails the stream; cancelling cancels all.
///
/// Values travel as `Any` in fixed slots (no allocation per value); `render` rebuilds the typed tuple.
@usableFromInline
final class _CombiningInner<Downstream: Subscriber>: _GatedSubscription, Subscription, CustomStringConvertible,
    CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let state = _SpinLock()
    @usableFromInline let downstream: Downstream
    @usableFromInline let kind: _CombiningKind
    @usableFromInline let render: ([Any]) -> Downstream.Input
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var upstreams: [Subscription?]
    @usableFromInline @exclusivity(unchecked) var finished: [Bool]
    /// `combineLatest`: the latest value of each upstream.
    @usableFromInline @exclusivity(unchecked) var latest: [Any?]
    @usableFromInline @exclusivity(unchecked) var latestCount = 0
    /// `zip`: the queued values of each upstream.
    @usableFromInline @exclusivity(unchecked) var queues: [_FIFO<Any>]
    @usableFromInline @exclusivity(unchecked) var isTerminated = false
    /// Whether a combination is being delivered. Set under the lock, and read under it; cleared under it too,
    /// except after a `combineLatest` delivery that returned no demand, which has nothing else to update and
    /// clears it without the lock (a value racing with that store sees the delivery either still running or
    /// over, as it would a moment earlier or later).
    @usableFromInline let delivering = Atomic<Bool>(false)
    /// `zip`: the upstream whose value is being delivered, and the demand requested meanwhile (handed back to it).
    @usableFromInline @exclusivity(unchecked) var deliveringFrom: Int?
    @usableFromInline @exclusivity(unchecked) var requestedWhileDelivering = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var combination: [Any] = []

    /// `delivering`, read or written with the lock held (the read acquires, pairing with the store that clears it
    /// without the lock).
    @inlinable var isDelivering: Bool {
        get { delivering.load(ordering: .acquiring) }
        set { delivering.store(newValue, ordering: .relaxed) }
    }

    @inlinable init(
        downstream: Downstream, kind: _CombiningKind, count: Int, render: @escaping ([Any]) -> Downstream.Input
    ) {
        self.downstream = downstream
        self.kind = kind
        self.render = render
        upstreams = Array(repeating: nil, count: count)
        finished = Array(repeating: false, count: count)
        latest = Array(repeating: nil, count: count)
        queues = kind == .zip ? Array(repeating: _FIFO(), count: count) : []
        combination.reserveCapacity(count)
        super.init()
    }

    @usableFromInline var description: String { kind.name }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline var playgroundDescription: Any { description }

    @inlinable func lock() { state.lock() }
    @inlinable func unlock() { state.unlock() }

    /// Hands the downstream this subscription, then subscribes each upstream in order.
    @inlinable func start(_ subscribeEach: [(_CombiningChild<Downstream>) -> Void]) {
        downstream.receive(subscription: self)
        for (index, subscribe) in subscribeEach.enumerated() { subscribe(_CombiningChild(inner: self, index: index)) }
    }

    // MARK: Upstreams

    @inlinable func upstream(_ index: Int, received subscription: Subscription) {
        lock()
        guard !isTerminated, upstreams[index] == nil else {
            unlock()
            subscription.cancel()
            return
        }
        upstreams[index] = subscription
        let outstanding = demand
        unlock()
        if outstanding.rawValue > 0 { subscription.request(outstanding) }
    }

    @inlinable func upstream(_ index: Int, received value: Any) -> Subscribers.Demand {
        lock()
        guard !isTerminated, !finished[index] else {
            unlock()
            return .none
        }
        switch kind {
        case .combineLatest:
            if latest[index] == nil { latestCount += 1 }
            latest[index] = value
            guard latestCount == latest.count, !isDelivering, demand.rawValue > 0 else {
                unlock()
                return .none
            }
            combination.removeAll(keepingCapacity: true)
            for slot in latest {
                if let slot { combination.append(slot) }
            }
        case .zip:
            queues[index].append(value)
            guard !isDelivering, demand.rawValue > 0, let next = nextZipped() else {
                unlock()
                return .none
            }
            combination = next
        }
        if demand != .unlimited { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
        isDelivering = true
        // Read by `request` for `zip` only.
        if kind == .zip { deliveringFrom = index }
        let output = render(combination)
        unlock()
        let entry = enterGate(_currentThread())
        let more = downstream.receive(output)
        exitGate(entry)
        return afterDelivery(more, from: index)
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
            let done =
                kind == .zip ? queues[index].isEmpty && !isDelivering : finished.allSatisfy { $0 }
            if !done {
                unlock()
                return
            }
            finish(cancellingBut: nil, with: .finished)
        case .failure:
            // `zip` cancels the failed upstream too (ZipTests.testBCancelledAfterAFailed of the OpenCombine suite,
            // run against Apple's Combine); `combineLatest` keeps the failed one.
            finish(cancellingBut: kind == .zip ? nil : index, with: completion)
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
        demand += more
        var asked = upstreams
        if kind == .zip, isDelivering, let deliveringFrom {
            // Handed back to that upstream as the demand its value returns.
            requestedWhileDelivering += more
            asked[deliveringFrom] = nil
        }
        unlock()
        for subscription in asked { subscription?.request(more) }
        if kind == .zip { drainZipped() }
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
        unlock()
        for subscription in cancelled { subscription?.cancel() }
    }

    // MARK: Delivery

    /// Pops the next combination of `zip`, if every queue holds a value. Called with the lock held.
    @inlinable func nextZipped() -> [Any]? {
        guard queues.allSatisfy({ !$0.isEmpty }) else { return nil }
        var next: [Any] = []
        next.reserveCapacity(queues.count)
        for index in queues.indices {
            if let value = queues[index].popFirst() { next.append(value) }
        }
        return next
    }

    /// Adds the demand a delivery returned; for `zip` delivers queued combinations and finishes if it must.
    @inlinable func afterDelivery(_ more: Subscribers.Demand, from index: Int) -> Subscribers.Demand {
        if kind == .combineLatest, more.rawValue == 0 {
            // Nothing to add or ask for: the delivery is over.
            delivering.store(false, ordering: .releasing)
            return .none
        }
        lock()
        isDelivering = false
        deliveringFrom = nil
        var handedBack = requestedWhileDelivering
        requestedWhileDelivering = .none
        var asked: [Subscription?] = []
        if !isTerminated, more.rawValue != 0 {
            demand += more
            if kind == .zip {
                handedBack += more
                asked = upstreams
                asked[index] = nil
            } else {
                asked = upstreams
            }
        }
        unlock()
        for subscription in asked { subscription?.request(more) }
        if kind == .zip {
            drainZipped()
            return handedBack
        }
        return .none
    }

    /// Delivers queued `zip` combinations while demand lasts, then finishes if a finished upstream ran dry.
    @inlinable func drainZipped() {
        while true {
            lock()
            guard !isTerminated, !isDelivering else {
                unlock()
                return
            }
            guard demand.rawValue > 0, let next = nextZipped() else {
                if let dry = queues.indices.first(where: { finished[$0] && queues[$0].isEmpty }) {
                    _ = dry
                    finish(cancellingBut: nil, with: .finished)
                } else {
                    unlock()
                }
                return
            }
            if demand != .unlimited { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
            isDelivering = true
            let output = render(next)
            unlock()
            let entry = enterGate(_currentThread())
            let more = downstream.receive(output)
            exitGate(entry)
            lock()
            isDelivering = false
            if !isTerminated { demand += more }
            let asked = more.rawValue != 0 ? upstreams : []
            unlock()
            for subscription in asked { subscription?.request(more) }
        }
    }

    /// Ends the stream: cancels every upstream except `kept` and delivers `completion`. Called with the lock held;
    /// returns with it released.
    @inlinable func finish(cancellingBut kept: Int?, with completion: Subscribers.Completion<Failure>) {
        isTerminated = true
        var cancelled = upstreams
        if let kept { cancelled[kept] = nil }
        for index in finished.indices where finished[index] { cancelled[index] = nil }
        upstreams = Array(repeating: nil, count: upstreams.count)
        unlock()
        for subscription in cancelled { subscription?.cancel() }
        let entry = enterGate(_currentThread())
        downstream.receive(completion: completion)
        exitGate(entry)
    }
}

/// One upstream's subscriber inside `combineLatest` or `zip`.
@usableFromInline
struct _CombiningChild<Downstream: Subscriber>: CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    @usableFromInline let combineIdentifier = CombineIdentifier()
    @usableFromInline let inner: _CombiningInner<Downstream>
    @usableFromInline let index: Int

    /// A typed subscriber for an upstream of `Input` values.
    @inlinable
    init(inner: _CombiningInner<Downstream>, index: Int) {
        self.inner = inner
        self.index = index
    }

    @inlinable func typed<Input>(_ input: Input.Type) -> _TypedCombiningChild<Input, Downstream> {
        _TypedCombiningChild(child: self)
    }

    @usableFromInline var description: String { inner.description }
    /// The combining subscription, by identifier, as Combine's merge and flatMap sides show theirs (the public
    /// record does not reflect the sides of `combineLatest` and `zip`; this follows those two).
    @usableFromInline var customMirror: Mirror {
        Mirror(self, children: ["parentSubscription": inner.combineIdentifier])
    }
    @usableFromInline var playgroundDescription: Any { description }
}

/// `_CombiningChild` for an upstream of `Input` values.
@usableFromInline
struct _TypedCombiningChild<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let child: _CombiningChild<Downstream>
    @usableFromInline var combineIdentifier: CombineIdentifier { child.combineIdentifier }

    @inlinable
    init(child: _CombiningChild<Downstream>) {
        self.child = child
    }

    @inlinable func receive(subscription: Subscription) { child.inner.upstream(child.index, received: subscription) }
    @inlinable func receive(_ input: Input) -> Subscribers.Demand { child.inner.upstream(child.index, received: input) }
    @inlinable func receive(completion: Subscribers.Completion<Failure>) {
        child.inner.upstream(child.index, completed: completion)
    }

    @usableFromInline var description: String { child.description }
    @usableFromInline var customMirror: Mirror { child.customMirror }
    @usableFromInline var playgroundDescription: Any { description }
}

#endif
