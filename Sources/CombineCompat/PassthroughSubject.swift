#if !canImport(Darwin)

/// A subject that broadcasts elements to downstream subscribers.
///
/// Unlike ``CurrentValueSubject``, a `PassthroughSubject` has no initial value or buffer of the most recently
/// published element: a value sent while a subscriber has no outstanding demand is dropped for that subscriber.
/// After a completion, further sends are ignored and new subscribers receive the completion at once.
///
/// `send` is safe from any thread; each subscriber receives one value at a time, and a value sent from inside a
/// subscriber on the same thread is delivered at once (nested), as in Combine.
///
/// ```swift
/// let taps = PassthroughSubject<Int, Never>()
/// let cancellable = taps.sink { print($0) }
/// taps.send(1)    // Prints: 1
/// ```
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    @usableFromInline let core = _SubjectCore<Output, Failure>(current: nil)

    /// Creates a subject with no subscribers.
    @inlinable
    public init() {}

    deinit {
        core.cancelUpstreams()
    }

    /// Attaches a subscriber; after a completion it receives that completion at once.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        core.attach(subscriber)
    }

    /// Sends a value to every subscriber that has demand.
    @inlinable
    public func send(_ input: Output) {
        core.send(input)
    }

    /// Sends a completion signal to every subscriber; later sends are ignored.
    @inlinable
    public func send(completion: Subscribers.Completion<Failure>) {
        core.send(completion: completion)
    }

    /// Accepts an upstream subscription (from `upstream.subscribe(subject)`) and requests unlimited values.
    @inlinable
    public func send(subscription: Subscription) {
        core.send(subscription: subscription)
    }
}

#endif
