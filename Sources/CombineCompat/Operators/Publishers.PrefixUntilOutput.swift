import RehearsalBase

#if !canImport(Darwin)

extension Publisher {
    /// Republishes elements until another publisher emits an element.
    ///
    /// `publisher` is subscribed first (asked for one element), then upstream; the subscriber receives its
    /// subscription when upstream's arrives, and its requests go to upstream unchanged. The first element of
    /// `publisher` cancels upstream and finishes the stream (its subscription is left as it is); `publisher`
    /// finishing or failing without an element changes nothing, and values keep passing. When upstream completes,
    /// `publisher` is cancelled first. Cancelling cancels upstream, then `publisher`.
    ///
    ///     let numbers = PassthroughSubject<Int, Never>()
    ///     let stop = PassthroughSubject<Void, Never>()
    ///     cancellable = numbers
    ///         .prefix(untilOutputFrom: stop)
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     numbers.send(1)
    ///     numbers.send(2)
    ///     stop.send()
    ///     numbers.send(3)
    ///     // Prints "1 2"
    ///
    /// - Parameter publisher: A second publisher whose first element ends this stream.
    public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
        Publishers.PrefixUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers {
    /// A publisher that republishes elements until another publisher emits an element.
    public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream
        /// The publisher whose first element causes this publisher to finish.
        public let other: Other

        /// Creates a publisher that republishes elements from `upstream` until `other` emits an element.
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        /// Attaches `subscriber`: `other` is subscribed, then upstream.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = _PrefixUntilOutputInner<S, Other.Output, Other.Failure>(downstream: subscriber)
            other.subscribe(_PrefixUntilOutputTrigger(owner: inner))
            upstream.subscribe(inner)
        }
    }
}

/// The subscriber to upstream (and the subscription downstream holds) of `prefix(untilOutputFrom:)`.
///
/// As Combine's (the OpenCombine suite, whose compatibility mode runs against Apple's Combine:
/// PrefixUntilOutputTests): it keeps its downstream for as long as it lives, also after the end; values and
/// completions before upstream's subscription are dropped (a completion then cancels the other publisher); the
/// other publisher's values count only once it has sent its subscription and until it completes; a second
/// subscription from either side is cancelled.
final class _PrefixUntilOutputInner<Downstream: Subscriber, TriggerOutput, TriggerFailure: Error>: Subscriber,
    Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = _Lock()
    private let downstream: Downstream
    private var upstream: Subscription?
    private var triggerSubscription: Subscription?
    /// The stream ended: the other publisher emitted, upstream completed, or the subscriber cancelled.
    private var isTerminated = false
    private var isCancelled = false
    private var triggerCompleted = false

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var description: String { "PrefixUntilOutput" }
    var playgroundDescription: Any { description }
    var customMirror: Mirror { Mirror(self, children: [:]) }

    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, !isTerminated else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard upstream != nil, !isTerminated else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminated else {
            lock.unlock()
            return
        }
        isTerminated = true
        let subscribed = upstream != nil
        let other = triggerCompleted ? nil : triggerSubscription
        lock.unlock()
        other?.cancel()
        if subscribed { downstream.receive(completion: completion) }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let subscription = isTerminated ? nil : upstream
        lock.unlock()
        subscription?.request(demand)
    }

    func cancel() {
        lock.lock()
        guard !isCancelled else {
            lock.unlock()
            return
        }
        isCancelled = true
        let subscription = isTerminated ? nil : upstream
        let other = isTerminated || triggerCompleted ? nil : triggerSubscription
        isTerminated = true
        lock.unlock()
        subscription?.cancel()
        other?.cancel()
    }

    // MARK: The other publisher

    fileprivate func triggerReceive(subscription: Subscription) {
        lock.lock()
        guard triggerSubscription == nil, !isTerminated else {
            lock.unlock()
            subscription.cancel()
            return
        }
        triggerSubscription = subscription
        lock.unlock()
        subscription.request(.max(1))
    }

    fileprivate func triggerReceiveValue() {
        lock.lock()
        guard triggerSubscription != nil, !triggerCompleted, !isTerminated else {
            lock.unlock()
            return
        }
        isTerminated = true
        let subscription = upstream
        lock.unlock()
        subscription?.cancel()
        downstream.receive(completion: .finished)
    }

    fileprivate func triggerReceiveCompletion() {
        lock.withLock { triggerCompleted = true }
    }
}

/// Forwards the other publisher's events to its ``_PrefixUntilOutputInner`` (keeping it alive while the other
/// publisher holds it); it shares the inner's identity.
final class _PrefixUntilOutputTrigger<Downstream: Subscriber, TriggerOutput, TriggerFailure: Error>: Subscriber,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    typealias Input = TriggerOutput
    typealias Failure = TriggerFailure

    private let owner: _PrefixUntilOutputInner<Downstream, TriggerOutput, TriggerFailure>

    init(owner: _PrefixUntilOutputInner<Downstream, TriggerOutput, TriggerFailure>) {
        self.owner = owner
    }

    var combineIdentifier: CombineIdentifier { owner.combineIdentifier }
    var description: String { "PrefixUntilOutput" }
    var playgroundDescription: Any { description }
    var customMirror: Mirror { Mirror(self, children: [:]) }

    func receive(subscription: Subscription) { owner.triggerReceive(subscription: subscription) }

    func receive(_ input: TriggerOutput) -> Subscribers.Demand {
        owner.triggerReceiveValue()
        return .none
    }

    func receive(completion: Subscribers.Completion<TriggerFailure>) { owner.triggerReceiveCompletion() }
}

#endif
