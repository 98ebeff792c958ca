#if !canImport(Darwin)

extension Publisher {
    /// Ignores elements from the upstream publisher until it receives an element from a second publisher.
    ///
    /// The subscriber gets its subscription first; then `publisher` is subscribed (asked for one element), then
    /// upstream. Requests go to upstream unchanged, so dropped elements use up demand. When `publisher` finishes
    /// or fails before its first element, the stream completes the same way and upstream is cancelled; after its
    /// first element, its completion is ignored. Cancelling cancels upstream, then `publisher`.
    ///
    ///     let upstream = PassthroughSubject<Int, Never>()
    ///     let second = PassthroughSubject<String, Never>()
    ///     cancellable = upstream
    ///         .drop(untilOutputFrom: second)
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     upstream.send(1)
    ///     upstream.send(2)
    ///     second.send("A")
    ///     upstream.send(3)
    ///     upstream.send(4)
    ///     // Prints "3 4"
    ///
    /// - Parameter publisher: A publisher to monitor for its first emitted element.
    public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
    where P.Failure == Failure {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers {
    /// A publisher that ignores elements from the upstream publisher until it receives an element from a second
    /// publisher.
    public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
    where Upstream.Failure == Other.Failure {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream
        /// A publisher to monitor for its first emitted element.
        public let other: Other

        /// Creates a publisher that ignores elements from `upstream` until `other` emits an element.
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        /// Attaches `subscriber`: it gets its subscription, then `other` and upstream are subscribed.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = _DropUntilOutputInner<S, Other.Output>(downstream: subscriber)
            subscriber.receive(subscription: inner)
            other.subscribe(_DropUntilOutputTrigger(owner: inner))
            upstream.subscribe(inner)
        }
    }
}

/// The subscriber to upstream (and the subscription downstream holds) of `drop(untilOutputFrom:)`; a
/// ``_DropUntilOutputTrigger`` is its subscriber to the other publisher.
final class _DropUntilOutputInner<Downstream: Subscriber, TriggerOutput>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = _Lock()
    private var downstream: Downstream?
    private var upstream: Subscription?
    private var triggerSubscription: Subscription?
    private var pendingDemand = Subscribers.Demand.none
    private var isTriggered = false
    private var isCancelled = false
    /// The downstream, kept after the stream ends as Combine's subscription keeps it: a subscriber that holds on
    /// to its subscription stays alive with it (the OpenCombine suite, whose compatibility mode runs against
    /// Apple's Combine: `testLifecycle(cancellingSubscriptionReleasesSubscriber: false)`).
    private var endedDownstream: Downstream?

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var description: String { "DropUntilOutput" }
    var playgroundDescription: Any { description }
    var customMirror: Mirror { Mirror(self, children: [:]) }

    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, !isCancelled, downstream != nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        let demand = pendingDemand
        pendingDemand = .none
        lock.unlock()
        if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard let downstream, isTriggered else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let (finishing, other) = lock.withLock { () -> (Downstream?, Subscription?) in
            defer {
                if endedDownstream == nil { endedDownstream = downstream }
                downstream = nil
                upstream = nil
                triggerSubscription = nil
            }
            return (downstream, triggerSubscription)
        }
        guard let finishing else { return }
        other?.cancel()
        finishing.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard !isCancelled else {
            lock.unlock()
            return
        }
        guard let upstream else {
            pendingDemand += demand
            lock.unlock()
            return
        }
        lock.unlock()
        upstream.request(demand)
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let (subscription, other, released) = (upstream, triggerSubscription, downstream)
        upstream = nil
        triggerSubscription = nil
        if endedDownstream == nil { endedDownstream = downstream }
        downstream = nil
        lock.unlock()
        subscription?.cancel()
        other?.cancel()
        withExtendedLifetime(released) {}
    }

    // MARK: The other publisher

    fileprivate func triggerReceive(subscription: Subscription) {
        lock.lock()
        guard triggerSubscription == nil, !isTriggered, !isCancelled, downstream != nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        triggerSubscription = subscription
        lock.unlock()
        subscription.request(.max(1))
    }

    fileprivate func triggerReceiveValue() {
        let other = lock.withLock { () -> Subscription? in
            defer { triggerSubscription = nil }
            if downstream != nil { isTriggered = true }
            return triggerSubscription
        }
        other?.cancel()
    }

    fileprivate func triggerReceive(completion: Subscribers.Completion<Failure>) {
        let (finishing, subscription) = lock.withLock { () -> (Downstream?, Subscription?) in
            triggerSubscription = nil
            guard !isTriggered, let finishing = downstream else { return (nil, nil) }
            defer {
                if endedDownstream == nil { endedDownstream = downstream }
                downstream = nil
                upstream = nil
            }
            return (finishing, upstream)
        }
        guard let finishing else { return }
        subscription?.cancel()
        finishing.receive(completion: completion)
    }
}

/// Forwards the other publisher's events to its ``_DropUntilOutputInner`` (keeping it alive while the other
/// publisher holds it); it shares the inner's identity.
final class _DropUntilOutputTrigger<Downstream: Subscriber, TriggerOutput>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible,
    @unchecked Sendable
{
    typealias Input = TriggerOutput
    typealias Failure = Downstream.Failure

    private let owner: _DropUntilOutputInner<Downstream, TriggerOutput>

    init(owner: _DropUntilOutputInner<Downstream, TriggerOutput>) {
        self.owner = owner
    }

    var combineIdentifier: CombineIdentifier { owner.combineIdentifier }
    var description: String { "DropUntilOutput" }
    var playgroundDescription: Any { description }
    var customMirror: Mirror { Mirror(self, children: [:]) }

    func receive(subscription: Subscription) { owner.triggerReceive(subscription: subscription) }

    func receive(_ input: TriggerOutput) -> Subscribers.Demand {
        owner.triggerReceiveValue()
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) { owner.triggerReceive(completion: completion) }
}

#endif
