#if !canImport(Darwin)

/// The subscriber and subscription behind `buffer(size:prefetch:whenFull:)`.
///
/// State is guarded by `lock`; downstream, upstream and the `customError` closure are called outside it. One drain
/// loop runs at a time (`isDraining`): requests made from inside `receive(_:)` add demand to the running loop.
final class _BufferInner<Downstream: Subscriber, UpstreamFailure: Error>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Downstream.Failure == UpstreamFailure {
    typealias Input = Downstream.Input
    typealias Failure = UpstreamFailure

    private let lock = _Lock()
    private let size: Int
    private let prefetch: Publishers.PrefetchStrategy
    private let whenFull: Publishers.BufferingStrategy<Failure>
    private var downstream: Downstream?
    private var upstream: Subscription?
    private var values = _FIFO<Input>()
    private var demand = Subscribers.Demand.none
    /// The completion waiting behind the buffered values.
    private var terminal: Subscribers.Completion<Failure>?
    private var isDraining = false
    private var isMakingError = false

    init(
        downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy,
        whenFull: Publishers.BufferingStrategy<Failure>
    ) {
        self.downstream = downstream
        self.size = size
        self.prefetch = prefetch
        self.whenFull = whenFull
    }

    var description: String { "Buffer" }
    var playgroundDescription: Any { description }
    /// As Combine's buffer shows itself (the OpenCombine suite, whose compatibility mode runs against Apple's
    /// Combine): the buffered values, the stage of the subscription, the outstanding demand and the completion
    /// waiting behind the values.
    var customMirror: Mirror {
        lock.lock()
        defer { lock.unlock() }
        let state: String
        if downstream == nil {
            state = "terminal"
        } else if let upstream {
            state = "ready(\(upstream))"
        } else {
            state = "awaiting subscription"
        }
        return Mirror(
            self,
            children: [
                "values": Array(values.elements), "state": state, "downstreamDemand": demand,
                "terminal": terminal as Any,
            ])
    }

    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, terminal == nil, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        lock.unlock()
        switch prefetch {
        case .keepFull where size > 0: subscription.request(.max(size))
        case .keepFull: break  // a buffer of zero prefetches nothing (a request of zero would trap upstream)
        case .byRequest: subscription.request(.unlimited)
        }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        if isMakingError { _APIViolation.valueDuringCustomError() }
        guard let subscriber = downstream, !_isFailed else {
            lock.unlock()
            return .none
        }
        if demand > 0, values.isEmpty, !isDraining {
            demand -= 1
            isDraining = true
            lock.unlock()
            let more = subscriber.receive(input)
            lock.lock()
            demand += more
            drainLocked()
            return prefetch == .keepFull ? .max(1) : .none
        }
        if values.count < size {
            values.append(input)
        } else {
            switch whenFull {
            case .dropNewest:
                break
            case .dropOldest:
                _ = values.popFirst()
                values.append(input)
            case .customError(let makeError):
                // The closure runs before upstream is cancelled; a value it sends back into this buffer traps,
                // as Combine's does.
                isMakingError = true
                lock.unlock()
                let error = makeError()
                lock.lock()
                isMakingError = false
                let subscription = upstream
                if terminal == nil { terminal = .failure(error) }
                lock.unlock()
                subscription?.cancel()
                return .none
            }
        }
        lock.unlock()
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard terminal == nil, let subscriber = downstream else {
            lock.unlock()
            return
        }
        upstream = nil
        switch completion {
        case .finished:
            terminal = .finished
            if isDraining {
                lock.unlock()
            } else {
                isDraining = true
                drainLocked()
            }
        case .failure:
            downstream = nil
            values = _FIFO()
            lock.unlock()
            subscriber.receive(completion: completion)
        }
    }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += more
        let refill = prefetch == .keepFull && more > 0 ? upstream : nil
        if isDraining {
            lock.unlock()
            refill?.request(more)
            return
        }
        isDraining = true
        lock.unlock()
        refill?.request(more)
        lock.lock()
        drainLocked()
    }

    func cancel() {
        lock.lock()
        let subscription = upstream
        upstream = nil
        let released = downstream
        downstream = nil
        values = _FIFO()
        lock.unlock()
        subscription?.cancel()
        withExtendedLifetime(released) {}
    }

    private var _isFailed: Bool {
        if case .failure = terminal { return true }
        return false
    }

    /// Delivers buffered values while there is demand, then the waiting completion: a failure at once, `finished`
    /// once the buffer is empty and a value could be demanded. Called with the lock held and `isDraining` set;
    /// returns with the lock released.
    private func drainLocked() {
        while let subscriber = downstream {
            if demand > 0, let value = values.popFirst() {
                demand -= 1
                lock.unlock()
                let more = subscriber.receive(value)
                lock.lock()
                demand += more
                continue
            }
            guard let completion = terminal, _isFailed || (values.isEmpty && demand > 0) else { break }
            downstream = nil
            values = _FIFO()
            isDraining = false
            lock.unlock()
            subscriber.receive(completion: completion)
            return
        }
        isDraining = false
        lock.unlock()
    }
}

#endif
