#if !canImport(Darwin)

/// The subscription behind `switchToLatest()`: it follows only the newest publisher its upstream sent.
///
/// As in Combine (the OpenCombine suite, whose compatibility mode runs against Apple's Combine, records it in
/// SwitchToLatestTests): the downstream receives this subscription before the upstream is subscribed, and the
/// upstream is asked for everything; each new publisher cancels the previous one and is asked, when its
/// subscription arrives, for the whole outstanding demand; the demand a value returns goes back to its publisher
/// and counts for later ones too; a publisher that sends beyond the demand traps, as does `request(.none)`. The
/// stream finishes when the upstream and the current publisher have finished; a failure of either cancels the other
/// and fails the stream; cancelling cancels the current publisher, then the upstream (testCancelCancels).
///
/// After the upstream fails, Combine still serves the current publisher: its late subscription is asked for the
/// outstanding demand and its values reach the subscriber, while its completion is ignored
/// (testSwitchToLatestOuterReceiveCompletionWhileWaitingForInnerSubscription, testInnerIgnoresEventsAfterOuterFails).
@usableFromInline
final class _SwitchToLatestInner<Downstream: Subscriber, Child: Publisher>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let mutexes = _MutexStorage(count: 2, firstIsRecursive: true)
    @usableFromInline let downstream: Downstream
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var upstream: Subscription?
    @usableFromInline @exclusivity(unchecked) var upstreamFinished = false
    /// The current child's number and, once it has arrived, its subscription.
    @usableFromInline @exclusivity(unchecked) var current: (index: Int, subscription: Subscription?)?
    @usableFromInline @exclusivity(unchecked) var nextChild = 0
    @usableFromInline @exclusivity(unchecked) var isTerminated = false
    /// The upstream's failure was delivered: children still deliver values, but no completion follows.
    @usableFromInline @exclusivity(unchecked) var completionSent = false

    @inlinable init(downstream: Downstream) {
        self.downstream = downstream
    }

    deinit { mutexes.destroy() }

    @usableFromInline var description: String { "SwitchToLatest" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline var playgroundDescription: Any { description }

    @inlinable func lock() { mutexes.lock(1) }
    @inlinable func unlock() { mutexes.unlock(1) }

    @inlinable func start() {
        downstream.receive(subscription: self)
    }

    // MARK: Upstream

    @inlinable func upstreamReceived(_ subscription: Subscription) {
        lock()
        guard upstream == nil, !isTerminated, !upstreamFinished else {
            unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        unlock()
        subscription.request(.unlimited)
    }

    @inlinable func upstreamReceived(_ publisher: Child) {
        lock()
        guard upstream != nil, !isTerminated, !upstreamFinished else {
            unlock()
            return
        }
        let previous = current?.subscription
        let index = nextChild
        nextChild += 1
        current = (index, nil)
        unlock()
        previous?.cancel()
        publisher.subscribe(_SwitchToLatestChild(inner: self, index: index))
    }

    @inlinable func upstreamCompleted(_ completion: Subscribers.Completion<Failure>) {
        lock()
        guard !isTerminated, !upstreamFinished else {
            unlock()
            return
        }
        upstream = nil
        switch completion {
        case .finished:
            upstreamFinished = true
            let done = current == nil
            if done { isTerminated = true }
            unlock()
            if done { deliver(completion: .finished) }
        case .failure:
            upstreamFinished = true
            completionSent = true
            let child = current?.subscription
            unlock()
            child?.cancel()
            deliver(completion: completion)
        }
    }

    // MARK: The current child

    @inlinable func child(_ index: Int, received subscription: Subscription) {
        lock()
        guard !isTerminated, let current, current.index == index, current.subscription == nil else {
            unlock()
            subscription.cancel()
            return
        }
        self.current = (index, subscription)
        let outstanding = demand
        unlock()
        if outstanding.rawValue > 0 { subscription.request(outstanding) }
    }

    @inlinable func child(_ index: Int, received value: Output) -> Subscribers.Demand {
        lock()
        guard !isTerminated, current?.index == index else {
            unlock()
            return .none
        }
        guard demand.rawValue > 0 else {
            unlock()
            _APIViolation.unexpectedValue()
        }
        if demand != .unlimited { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
        unlock()
        mutexes.lock(0)
        let more = downstream.receive(value)
        mutexes.unlock(0)
        if more.rawValue != 0 {
            lock()
            if !isTerminated { demand += more }
            unlock()
        }
        return more
    }

    @inlinable func child(_ index: Int, completed completion: Subscribers.Completion<Failure>) {
        lock()
        guard !isTerminated, let current, current.index == index else {
            unlock()
            return
        }
        guard current.subscription != nil else {
            unlock()
            _APIViolation.unexpectedCompletion()
        }
        self.current = nil
        if completionSent {
            unlock()
            return
        }
        switch completion {
        case .finished:
            let done = upstreamFinished
            if done { isTerminated = true }
            unlock()
            if done { deliver(completion: .finished) }
        case .failure:
            isTerminated = true
            let source = upstream
            upstream = nil
            unlock()
            source?.cancel()
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
        demand += more
        let child = current?.subscription
        unlock()
        child?.request(more)
    }

    @inlinable func cancel() {
        lock()
        guard !isTerminated else {
            unlock()
            return
        }
        isTerminated = true
        let source = upstream
        let child = current?.subscription
        upstream = nil
        current = nil
        unlock()
        child?.cancel()
        source?.cancel()
    }

    @inlinable func deliver(completion: Subscribers.Completion<Failure>) {
        mutexes.lock(0)
        downstream.receive(completion: completion)
        mutexes.unlock(0)
    }
}

/// The subscriber `switchToLatest()` attaches to its upstream.
@usableFromInline
struct _SwitchToLatestOuter<Downstream: Subscriber, Child: Publisher>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
    @usableFromInline typealias Input = Child
    @usableFromInline typealias Failure = Child.Failure

    @usableFromInline let combineIdentifier = CombineIdentifier()
    @usableFromInline let inner: _SwitchToLatestInner<Downstream, Child>

    @inlinable
    init(inner: _SwitchToLatestInner<Downstream, Child>) {
        self.inner = inner
    }

    @inlinable func receive(subscription: Subscription) { inner.upstreamReceived(subscription) }

    @inlinable func receive(_ input: Child) -> Subscribers.Demand {
        inner.upstreamReceived(input)
        return .none
    }

    @inlinable func receive(completion: Subscribers.Completion<Failure>) { inner.upstreamCompleted(completion) }

    @usableFromInline var description: String { "SwitchToLatest" }
    /// The switching subscription, by identifier, as Combine's merge and flatMap sides show theirs (the public
    /// record does not reflect the sides of `switchToLatest`; this follows those two).
    @usableFromInline var customMirror: Mirror {
        Mirror(self, children: ["parentSubscription": inner.combineIdentifier])
    }
    @usableFromInline var playgroundDescription: Any { description }
}

/// The subscriber `switchToLatest()` attaches to each publisher its upstream sends.
@usableFromInline
struct _SwitchToLatestChild<Downstream: Subscriber, Child: Publisher>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
    @usableFromInline typealias Input = Child.Output
    @usableFromInline typealias Failure = Child.Failure

    @usableFromInline let combineIdentifier = CombineIdentifier()
    @usableFromInline let inner: _SwitchToLatestInner<Downstream, Child>
    @usableFromInline let index: Int

    @inlinable
    init(inner: _SwitchToLatestInner<Downstream, Child>, index: Int) {
        self.inner = inner
        self.index = index
    }

    @inlinable func receive(subscription: Subscription) { inner.child(index, received: subscription) }
    @inlinable func receive(_ input: Input) -> Subscribers.Demand { inner.child(index, received: input) }
    @inlinable func receive(completion: Subscribers.Completion<Failure>) { inner.child(index, completed: completion) }

    @usableFromInline var description: String { "SwitchToLatest" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline var playgroundDescription: Any { description }
}

#endif
