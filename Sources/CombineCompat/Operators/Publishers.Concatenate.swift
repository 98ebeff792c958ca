import RehearsalBase

#if !canImport(Darwin)

extension Publishers {
    /// A publisher that emits all of one publisher's elements before those from another publisher.
    ///
    /// The suffix is subscribed once the prefix finishes, and inherits the demand the prefix left unmet. A failure
    /// of the prefix ends the stream without subscribing to the suffix.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure

        /// The publisher to republish, in its entirety, before republishing elements from `suffix`.
        public let prefix: Prefix

        /// A publisher to republish after `prefix` finishes.
        public let suffix: Suffix

        /// Creates a publisher that emits all of `prefix`'s elements, then those of `suffix`.
        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        /// Attaches a subscriber to the prefix, then, once the prefix finishes, to the suffix.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            prefix.subscribe(_ConcatenateInner(downstream: subscriber, suffix: suffix))
        }
    }
}

/// Subscribes to the prefix, then to the suffix, while acting as the downstream's single subscription.
private final class _ConcatenateInner<Suffix: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Suffix.Output == Downstream.Input, Suffix.Failure == Downstream.Failure {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = _Lock()
    /// Kept after the end, as Combine keeps it (the OpenCombine suite, whose compatibility mode runs against
    /// Apple's Combine: ConcatenateTests.testConcatenateLifecycle).
    private let downstream: Downstream
    private var suffix: Suffix?
    private var upstream: Subscription?
    private var demand = Subscribers.Demand.none
    private var sentSubscription = false
    private var isTerminated = false

    init(downstream: Downstream, suffix: Suffix) {
        self.downstream = downstream
        self.suffix = suffix
    }

    var description: String { "Concatenate" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
    var playgroundDescription: Any { description }

    func receive(subscription: Subscription) {
        lock.lock()
        guard !isTerminated, upstream == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        let owed = demand
        let first = !sentSubscription
        sentSubscription = true
        lock.unlock()
        if first {
            downstream.receive(subscription: self)
        } else if owed.rawValue > 0 {
            subscription.request(owed)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard !isTerminated, upstream != nil else {
            lock.unlock()
            return .none
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(input)
        if more.rawValue > 0 {
            lock.lock()
            demand += more
            lock.unlock()
        }
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminated, upstream != nil else {
            lock.unlock()
            return
        }
        upstream = nil
        if case .finished = completion, let next = suffix {
            suffix = nil
            lock.unlock()
            next.subscribe(self)
            return
        }
        isTerminated = true
        lock.unlock()
        downstream.receive(completion: completion)
    }

    /// Passes the request on, `.none` included, as Combine does (ConcatenateTests.testBackpressure records
    /// `request(.none)` reaching the prefix); a request made between the prefix and the suffix waits for the suffix.
    func request(_ newDemand: Subscribers.Demand) {
        lock.lock()
        guard !isTerminated else {
            lock.unlock()
            return
        }
        demand += newDemand
        let current = upstream
        lock.unlock()
        current?.request(newDemand)
    }

    func cancel() {
        lock.lock()
        let current = upstream
        isTerminated = true
        upstream = nil
        suffix = nil
        lock.unlock()
        current?.cancel()
    }
}

#endif
