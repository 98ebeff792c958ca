import RehearsalBase

#if !canImport(Darwin)

extension Publisher {
    /// Ignores elements from the upstream publisher until it receives an element from a second publisher.
    ///
    /// The subscriber gets its subscription first; then `publisher` is subscribed (asked for one element), then
    /// upstream. Requests go to upstream unchanged, so dropped elements use up demand. The first element of
    /// `publisher` lets the elements through (its subscription is not cancelled). When `publisher` finishes or
    /// fails before its first element, the stream completes the same way and upstream is cancelled; after its
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
///
/// As Combine's (the OpenCombine suite, whose compatibility mode runs against Apple's Combine: DropUntilOutputTests):
/// it keeps its downstream for as long as it lives; it counts the demand, dropped values included, and a value
/// beyond it traps; requests made before upstream's subscription are asked of it when it arrives, also after the
/// stream ended; the other publisher's first value is all it waits for (its subscription is then left as it is,
/// and a later one is accepted); every completion of the other publisher before that value reaches the
/// subscriber, the first cancelling upstream; nothing reaches the subscriber after it cancelled.
final class _DropUntilOutputInner<Downstream: Subscriber, TriggerOutput>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = _Lock()
    private let downstream: Downstream
    private var upstream: Subscription?
    private var triggerSubscription: Subscription?
    /// Requested by the subscriber and not yet used up by a value, dropped or delivered.
    private var demand = Subscribers.Demand.none
    /// Requested before upstream's subscription arrived.
    private var pendingDemand = Subscribers.Demand.none
    private var isTriggered = false
    private var isCancelled = false
    /// Upstream was cancelled because the other publisher completed first.
    private var upstreamCancelled = false

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var description: String { "DropUntilOutput" }
    var playgroundDescription: Any { description }
    var customMirror: Mirror { Mirror(self, children: [:]) }

    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, !isCancelled else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        let asked = pendingDemand
        pendingDemand = .none
        lock.unlock()
        if asked > 0 { subscription.request(asked) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard !isCancelled else {
            lock.unlock()
            return .none
        }
        guard demand > 0 else {
            lock.unlock()
            _APIViolation.valueBeyondDemand()
        }
        demand -= 1
        guard isTriggered else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        let more = downstream.receive(input)
        lock.lock()
        demand += more
        lock.unlock()
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isCancelled else {
            lock.unlock()
            return
        }
        let other = isTriggered ? nil : triggerSubscription
        triggerSubscription = nil
        lock.unlock()
        other?.cancel()
        downstream.receive(completion: completion)
    }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard !isCancelled else {
            lock.unlock()
            return
        }
        demand += more
        guard let upstream else {
            pendingDemand += more
            lock.unlock()
            return
        }
        lock.unlock()
        upstream.request(more)
    }

    func cancel() {
        lock.lock()
        guard !isCancelled else {
            lock.unlock()
            return
        }
        isCancelled = true
        let subscription = upstreamCancelled ? nil : upstream
        let other = triggerSubscription
        triggerSubscription = nil
        lock.unlock()
        subscription?.cancel()
        other?.cancel()
    }

    // MARK: The other publisher

    fileprivate func triggerReceive(subscription: Subscription) {
        lock.lock()
        guard triggerSubscription == nil, !isCancelled else {
            lock.unlock()
            subscription.cancel()
            return
        }
        triggerSubscription = subscription
        lock.unlock()
        subscription.request(.max(1))
    }

    fileprivate func triggerReceiveValue() {
        lock.withLock {
            guard !isTriggered, !isCancelled else { return }
            isTriggered = true
            triggerSubscription = nil
        }
    }

    fileprivate func triggerReceive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTriggered, !isCancelled else {
            lock.unlock()
            return
        }
        let subscription = upstreamCancelled ? nil : upstream
        if subscription != nil { upstreamCancelled = true }
        lock.unlock()
        subscription?.cancel()
        downstream.receive(completion: completion)
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
