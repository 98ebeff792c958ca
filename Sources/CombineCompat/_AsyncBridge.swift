#if !canImport(Darwin)

/// Carries a value across the continuation boundary; the bridge hands each value to exactly one waiter.
struct _AsyncHandoff<Value>: @unchecked Sendable {
    let value: Value
}

/// The subscriber behind `values`: requests one element per `next()` and resumes the waiting task with it.
final class _AsyncBridge<Output, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    typealias Input = Output
    private typealias Waiter = UnsafeContinuation<_AsyncHandoff<Result<Output?, Failure>>, Never>

    private let lock = _Lock()
    private var subscription: Subscription?
    private var waiter: Waiter?
    /// A demand of one is owed to a subscription that has not arrived yet.
    private var owesRequest = false
    private var terminal: Result<Output?, Failure>?
    private var isCancelled = false

    func receive(subscription: Subscription) {
        lock.lock()
        guard self.subscription == nil, terminal == nil, !isCancelled else {
            lock.unlock()
            subscription.cancel()
            return
        }
        self.subscription = subscription
        let request = owesRequest
        owesRequest = false
        lock.unlock()
        if request { subscription.request(.max(1)) }
    }

    func receive(_ input: Output) -> Subscribers.Demand {
        lock.lock()
        let resumed = waiter
        waiter = nil
        lock.unlock()
        resumed?.resume(returning: _AsyncHandoff(value: .success(input)))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let outcome: Result<Output?, Failure>
        switch completion {
        case .finished: outcome = .success(nil)
        case .failure(let error): outcome = .failure(error)
        }
        lock.lock()
        let resumed = waiter
        waiter = nil
        subscription = nil
        if terminal == nil { terminal = outcome }
        let delivered = terminal ?? outcome
        lock.unlock()
        resumed?.resume(returning: _AsyncHandoff(value: delivered))
    }

    /// Waits for the next element: `nil` after finishing or cancellation, a thrown error after a failure.
    func next() async throws(Failure) -> Output? {
        let handoff = await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: Waiter) in
                lock.lock()
                if let terminal {
                    lock.unlock()
                    continuation.resume(returning: _AsyncHandoff(value: terminal))
                    return
                }
                waiter = continuation
                let upstream = subscription
                if upstream == nil { owesRequest = true }
                lock.unlock()
                upstream?.request(.max(1))
            }
        } onCancel: {
            cancel()
        }
        return try handoff.value.get()
    }

    /// Cancels the subscription and ends the iteration with `nil`.
    func cancel() {
        lock.lock()
        let upstream = subscription
        let resumed = waiter
        subscription = nil
        waiter = nil
        isCancelled = true
        if terminal == nil { terminal = .success(nil) }
        lock.unlock()
        upstream?.cancel()
        resumed?.resume(returning: _AsyncHandoff(value: .success(nil)))
    }
}

#endif
