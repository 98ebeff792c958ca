import RehearsalBase

#if !canImport(Darwin)

/// Carries a value across the continuation boundary; the bridge hands each value to exactly one waiter.
struct _AsyncHandoff<Value>: @unchecked Sendable {
    let value: Value
}

/// The subscriber behind `values`: each `next()` asks for one element and waits for it.
///
/// What it does follows Combine (the OpenCombine suite, whose compatibility mode runs against Apple's Combine,
/// records it in PublisherConcurrencyTests):
/// - several `next()` calls may wait at once (copies of one iterator share the bridge): each asks for one element,
///   and the elements resume the waiters in the order they called; calls made before the subscription arrives are
///   asked for together when it does (`request(.max(n))`);
/// - a finish resumes every waiter with `nil`; a failure is thrown to the oldest waiter (or, with none, to the next
///   call) and every other and later call returns `nil`: an iterator throws once, then ends, as iterators do;
/// - cancelling a waiting task, or dropping the iterator, cancels the subscription and ends every waiter;
/// - an element that arrives while nobody waits traps ("received an unexpected value"), as Apple's does in shipped
///   apps; one that arrives after the end is ignored; one that arrives before the subscription ends every waiting
///   call with `nil` (testNonThrowingReceiveInputBeforeSubscription, testThrowingReceiveInputBeforeSubscription),
///   and the demand they made is still asked of the subscription when it arrives.
final class _AsyncBridge<Output, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible, @unchecked Sendable
{
    typealias Input = Output
    private typealias Waiter = UnsafeContinuation<_AsyncHandoff<Result<Output?, Failure>>, Never>

    private enum End {
        /// The stream ended (finished, cancelled, or failed and the failure was already thrown).
        case finished
        /// The stream failed and nobody has been told yet.
        case failedUnreported(Failure)
    }

    private let lock = _Lock()
    private var subscription: Subscription?
    private var waiters = _FIFO<Waiter>()
    /// Elements asked for before the subscription arrived.
    private var owedDemand = 0
    private var end: End?

    var description: String { "AsyncPublisher" }

    func receive(subscription: Subscription) {
        lock.lock()
        guard self.subscription == nil, end == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        self.subscription = subscription
        let owed = owedDemand
        owedDemand = 0
        lock.unlock()
        if owed > 0 { subscription.request(.max(owed)) }
    }

    func receive(_ input: Output) -> Subscribers.Demand {
        lock.lock()
        guard end == nil else {
            lock.unlock()
            return .none
        }
        guard subscription != nil else {
            // A value before the subscription ends every waiting call with `nil`, and is dropped; what they asked
            // for is still asked of the subscription when it comes.
            var ended = takeWaiters()
            lock.unlock()
            while let waiter = ended.popFirst() { waiter.resume(returning: _AsyncHandoff(value: .success(nil))) }
            return .none
        }
        guard let waiter = waiters.popFirst() else {
            lock.unlock()
            _APIViolation.unexpectedValue()
        }
        lock.unlock()
        waiter.resume(returning: _AsyncHandoff(value: .success(input)))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard end == nil else {
            lock.unlock()
            return
        }
        subscription = nil
        var ended = takeWaiters()
        var failure: Failure?
        if case .failure(let error) = completion {
            if ended.isEmpty {
                end = .failedUnreported(error)
            } else {
                end = .finished
                failure = error
            }
        } else {
            end = .finished
        }
        lock.unlock()
        if let failure, let oldest = ended.popFirst() {
            oldest.resume(returning: _AsyncHandoff(value: .failure(failure)))
        }
        while let waiter = ended.popFirst() { waiter.resume(returning: _AsyncHandoff(value: .success(nil))) }
    }

    func next() async throws(Failure) -> Output? {
        let handoff = await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: Waiter) in
                lock.lock()
                switch end {
                case .finished:
                    lock.unlock()
                    continuation.resume(returning: _AsyncHandoff(value: .success(nil)))
                    return
                case .failedUnreported(let error):
                    end = .finished
                    lock.unlock()
                    continuation.resume(returning: _AsyncHandoff(value: .failure(error)))
                    return
                case nil:
                    break
                }
                waiters.append(continuation)
                let upstream = subscription
                if upstream == nil { owedDemand += 1 }
                lock.unlock()
                upstream?.request(.max(1))
            }
        } onCancel: {
            cancel()
        }
        return try handoff.value.get()
    }

    func cancel() {
        lock.lock()
        let upstream = subscription
        subscription = nil
        var ended = takeWaiters()
        if end == nil { end = .finished }
        lock.unlock()
        upstream?.cancel()
        while let waiter = ended.popFirst() { waiter.resume(returning: _AsyncHandoff(value: .success(nil))) }
    }

    /// Takes every waiter out of the queue; called with the lock held.
    private func takeWaiters() -> _FIFO<Waiter> {
        var taken = _FIFO<Waiter>()
        swap(&taken, &waiters)
        return taken
    }
}

#endif
