import RehearsalBase

#if !canImport(Darwin)

/// The subscriber and subscription behind `buffer(size:prefetch:whenFull:)`.
///
/// State is guarded by `lock`; downstream, upstream and the `customError` closure are called outside it. One drain
/// loop runs at a time (`isDraining`): requests made from inside `receive(_:)` add demand to the running loop.
///
/// As Combine's (the OpenCombine suite, whose compatibility mode runs against Apple's Combine: BufferTests):
/// `keepFull` asks upstream for `size` elements before the subscriber gets its subscription, for one more for each
/// element that goes straight through (the value `receive(_:)` returns), and, after a request drained buffered
/// elements, for as many as left the buffer (never for the subscriber's demand itself, `.unlimited` included);
/// `byRequest` asks for `.unlimited` once. An upstream failure reaches the subscriber at once (a drain already
/// running still delivers what was asked for); a `customError` failure and `finished` wait behind the buffered
/// elements. The downstream is kept for the inner's life, after the end too.
final class _BufferInner<Downstream: Subscriber, UpstreamFailure: Error>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Downstream.Failure == UpstreamFailure {
    typealias Input = Downstream.Input
    typealias Failure = UpstreamFailure

    private let lock = _Lock()
    private let size: Int
    private let prefetch: Publishers.PrefetchStrategy
    private let whenFull: Publishers.BufferingStrategy<Failure>
    private let downstream: Downstream
    /// Kept after the end: a drain after a `customError` failure still refills the (cancelled) subscription.
    private var upstream: Subscription?
    private var values = _FIFO<Input>()
    private var demand = Subscribers.Demand.none
    /// The completion waiting behind the buffered values (`finished`, or a `customError` failure).
    private var terminal: Subscribers.Completion<Failure>?
    /// The upstream failed: the failure was delivered at once.
    private var upstreamFailed = false
    /// The subscriber cancelled, or received its completion.
    private var isDone = false
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
        if isDone || upstreamFailed {
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
        guard upstream == nil, terminal == nil, !upstreamFailed, !isDone else {
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
        guard !isDone, !upstreamFailed, !_queuedFailure else {
            lock.unlock()
            return .none
        }
        if demand > 0, values.isEmpty, !isDraining {
            demand -= 1
            isDraining = true
            lock.unlock()
            let more = downstream.receive(input)
            lock.lock()
            demand += more
            _ = drainLocked()
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
        guard terminal == nil, !upstreamFailed, !isDone else {
            lock.unlock()
            return
        }
        switch completion {
        case .finished:
            terminal = .finished
            if isDraining {
                lock.unlock()
            } else {
                isDraining = true
                _ = drainLocked()
            }
        case .failure:
            upstreamFailed = true
            // A drain in progress still delivers what was asked for; otherwise the buffer goes now.
            if !isDraining { values = _FIFO() }
            lock.unlock()
            downstream.receive(completion: completion)
        }
    }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard !isDone, !upstreamFailed else {
            lock.unlock()
            return
        }
        demand += more
        if isDraining {
            lock.unlock()
            return
        }
        isDraining = true
        let drained = drainLocked()
        // Refill what left the buffer, so it stays full.
        guard prefetch == .keepFull, drained > 0 else { return }
        lock.lock()
        let subscription = upstream
        lock.unlock()
        subscription?.request(.max(drained))
    }

    func cancel() {
        lock.lock()
        guard !isDone else {
            lock.unlock()
            return
        }
        isDone = true
        let subscription = upstream
        let dropped = values
        values = _FIFO()
        lock.unlock()
        subscription?.cancel()
        _ = consume dropped
    }

    /// A `customError` failure waits behind the buffered values.
    private var _queuedFailure: Bool {
        if case .failure = terminal { return true }
        return false
    }

    /// Delivers buffered values while there is demand, then the waiting completion: a `customError` failure once
    /// the demand or the buffer runs out, `finished` once the buffer is empty and a value could be demanded. Called
    /// with the lock held and `isDraining` set; returns with the lock released, and the number of values delivered.
    private func drainLocked() -> Int {
        var delivered = 0
        while !isDone, demand > 0, let value = values.popFirst() {
            demand -= 1
            delivered += 1
            lock.unlock()
            let more = downstream.receive(value)
            lock.lock()
            demand += more
        }
        if upstreamFailed { values = _FIFO() }
        guard !isDone, !upstreamFailed, let completion = terminal,
            _queuedFailure || (values.isEmpty && demand > 0)
        else {
            isDraining = false
            lock.unlock()
            return delivered
        }
        isDone = true
        values = _FIFO()
        isDraining = false
        lock.unlock()
        downstream.receive(completion: completion)
        return delivered
    }
}

#endif
