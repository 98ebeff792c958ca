import RehearsalBase

#if !canImport(Darwin)

/// A publisher that eventually produces a single value and then finishes or fails.
///
/// The closure runs at once, when the future is created. The first call of the promise fixes the result; later
/// calls are ignored. Every subscriber, also one that subscribes after the result is known, receives the value
/// (at its first demand) and `finished`, or the failure.
///
/// ```swift
/// let answer = Future<Int, Never> { promise in promise(.success(42)) }
/// let cancellable = answer.sink { print($0) }    // Prints: 42
/// ```
public final class Future<Output, Failure: Error>: Publisher {
    /// A type that represents a closure to invoke in the future, when an element or error is available.
    public typealias Promise = (Result<Output, Failure>) -> Void

    private let lock = _Lock()
    private var result: Result<Output, Failure>?
    private var waiting: [_FutureSubscription<Output, Failure>] = []

    /// Creates a publisher that invokes a promise closure when the publisher emits an element.
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [self] result in fulfill(result) }
    }

    private func fulfill(_ newResult: Result<Output, Failure>) {
        lock.lock()
        if result != nil {
            lock.unlock()
            return
        }
        result = newResult
        let notified = waiting
        waiting = []
        lock.unlock()
        for subscription in notified {
            subscription.resolve(newResult)
        }
    }

    /// Attaches a subscriber; it receives the result once known and demanded (a failure needs no demand).
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = _FutureSubscription(downstream: subscriber)
        subscription.future = self
        lock.lock()
        let known = result
        if known == nil { waiting.append(subscription) }
        lock.unlock()
        subscriber.receive(subscription: subscription)
        if let known { subscription.resolve(known) }
    }

    fileprivate func remove(_ subscription: _FutureSubscription<Output, Failure>) {
        lock.withLock { waiting.removeAll { $0 === subscription } }
    }
}

/// One subscriber of a ``Future``: delivers the result once it is known and the subscriber has demand.
private final class _FutureSubscription<Output, Failure: Error>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible,
    @unchecked Sendable
{
    private let lock = _Lock()
    private var downstream: (any Subscriber<Output, Failure>)?
    private var result: Result<Output, Failure>?
    private var hasDemand = false
    weak var future: Future<Output, Failure>?

    init<S: Subscriber>(downstream: S) where S.Input == Output, S.Failure == Failure {
        self.downstream = downstream
    }

    var description: String { "Future" }
    var playgroundDescription: Any { description }
    /// As Combine's future conduit shows itself (the OpenCombine suite, whose compatibility mode runs against Apple's
    /// Combine): the future, the downstream, whether it has asked for the value, and the future again; all `nil`
    /// once the conduit is done.
    var customMirror: Mirror {
        lock.lock()
        let live = downstream
        let asked = hasDemand
        lock.unlock()
        let parent = live == nil ? nil : future
        return Mirror(
            self,
            children: [
                "parent": parent as Any, "downstream": live as Any, "hasAnyDemand": asked, "subject": parent as Any,
            ])
    }

    func resolve(_ newResult: Result<Output, Failure>) {
        lock.lock()
        result = newResult
        deliverIfReady()
    }

    func request(_ demand: Subscribers.Demand) {
        _APIViolation.checkRequested(demand)
        lock.lock()
        hasDemand = true
        deliverIfReady()
    }

    /// Called with the lock held; returns with it released. A failure needs no demand; a value does.
    private func deliverIfReady() {
        guard let subscriber = downstream, let result else {
            lock.unlock()
            return
        }
        switch result {
        case .success(let value):
            guard hasDemand else {
                lock.unlock()
                return
            }
            downstream = nil
            lock.unlock()
            _ = subscriber.receive(value)
            subscriber.receive(completion: .finished)
        case .failure(let error):
            downstream = nil
            lock.unlock()
            subscriber.receive(completion: .failure(error))
        }
    }

    func cancel() {
        lock.lock()
        let released = downstream
        downstream = nil
        let owner = future
        lock.unlock()
        owner?.remove(self)
        withExtendedLifetime(released) {}
    }
}

#endif
