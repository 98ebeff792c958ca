import RehearsalBase

#if !canImport(Darwin)

/// The subscription of `retry`: one per downstream subscriber, resubscribing to the upstream after each failure.
///
/// As in Combine (the OpenCombine suite, whose compatibility mode runs against Apple's Combine, records it in
/// RetryTests): the downstream receives this subscription when the first upstream subscription arrives; each new
/// attempt is asked for the demand still outstanding, and demand a value returns is requested from the current
/// attempt rather than returned; a negative or `nil` count retries forever; an attempt that fails from inside its
/// subscribe call is resubscribed by the loop of the outer call (10 000 failures in a row are fine); a value before
/// any subscription, or beyond the demand, traps; a completion before any subscription is passed on; cancelling
/// (also before the subscription) cancels the current attempt and releases the downstream.
final class _RetryInner<Upstream: Publisher, Downstream: Subscriber>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure {
    private let lock = _Lock()
    private let upstream: Upstream
    private var downstream: Downstream?
    /// Retries left; `nil` retries forever.
    private var remaining: Int?
    private var demand = Subscribers.Demand.none
    /// The number of the current attempt; events of older attempts are ignored.
    private var generation = 0
    private var current: Subscription?
    private var sentSubscription = false
    private var isTerminated = false
    private var isAttempting = false
    private var mustRetry = false

    init(upstream: Upstream, downstream: Downstream, retries: Int?) {
        self.upstream = upstream
        self.downstream = downstream
        remaining = retries.flatMap { $0 < 0 ? nil : $0 }
    }

    var description: String { "Retry" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
    var playgroundDescription: Any { description }

    /// Subscribes to the upstream, again for as long as attempts fail from inside their subscribe call.
    func attempt() {
        lock.lock()
        if isAttempting {
            mustRetry = true
            lock.unlock()
            return
        }
        isAttempting = true
        while !isTerminated {
            mustRetry = false
            generation += 1
            let child = _RetryAttempt(retry: self, generation: generation)
            lock.unlock()
            upstream.subscribe(child)
            lock.lock()
            if !mustRetry { break }
        }
        isAttempting = false
        lock.unlock()
    }

    // MARK: Attempts

    fileprivate func attempt(_ number: Int, received subscription: Subscription) {
        lock.lock()
        guard !isTerminated, number == generation, current == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        current = subscription
        let first = !sentSubscription
        sentSubscription = true
        let outstanding = demand
        let target = downstream
        lock.unlock()
        if first {
            target?.receive(subscription: self)
        } else if outstanding.rawValue > 0 {
            subscription.request(outstanding)
        }
    }

    fileprivate func attempt(_ number: Int, received value: Upstream.Output) -> Subscribers.Demand {
        lock.lock()
        guard !isTerminated, number == generation, let target = downstream else {
            lock.unlock()
            return .none
        }
        guard sentSubscription else {
            lock.unlock()
            _APIViolation.valueBeforeSubscription()
        }
        guard demand.rawValue > 0 else {
            lock.unlock()
            _APIViolation.unexpectedValue()
        }
        if demand != .unlimited { demand = Subscribers.Demand(rawValue: demand.rawValue - 1) }
        lock.unlock()
        let more = target.receive(value)
        if more.rawValue != 0 {
            lock.lock()
            demand += more
            let subscription = isTerminated ? nil : current
            lock.unlock()
            subscription?.request(more)
        }
        return .none
    }

    fileprivate func attempt(_ number: Int, completed completion: Subscribers.Completion<Upstream.Failure>) {
        lock.lock()
        guard !isTerminated, number == generation else {
            lock.unlock()
            return
        }
        if case .failure = completion, remaining != 0 {
            if let left = remaining { remaining = left - 1 }
            current = nil
            lock.unlock()
            attempt()
            return
        }
        isTerminated = true
        current = nil
        let target = downstream
        downstream = nil
        lock.unlock()
        target?.receive(completion: completion)
    }

    // MARK: Downstream

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard !isTerminated else {
            lock.unlock()
            return
        }
        demand += more
        let subscription = current
        lock.unlock()
        subscription?.request(more)
    }

    func cancel() {
        lock.lock()
        let subscription = current
        let released = downstream
        isTerminated = true
        current = nil
        downstream = nil
        lock.unlock()
        subscription?.cancel()
        withExtendedLifetime(released) {}
    }
}

/// The subscriber of one attempt of a `retry`.
private struct _RetryAttempt<Upstream: Publisher, Downstream: Subscriber>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
where Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    let retry: _RetryInner<Upstream, Downstream>
    let generation: Int

    func receive(subscription: Subscription) { retry.attempt(generation, received: subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { retry.attempt(generation, received: input) }
    func receive(completion: Subscribers.Completion<Failure>) { retry.attempt(generation, completed: completion) }

    var description: String { "Retry" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
    var playgroundDescription: Any { description }
}

#endif
