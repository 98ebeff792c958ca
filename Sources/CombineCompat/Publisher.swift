#if !canImport(Darwin)

/// Declares that a type can transmit a sequence of values over time.
///
/// A publisher delivers elements to one or more ``Subscriber`` instances. The subscriber's `Input` and `Failure`
/// must match the publisher's `Output` and `Failure`. Subscribers attach with ``subscribe(_:)``; the publisher
/// answers with ``Subscriber/receive(subscription:)`` and then delivers at most as many values as requested.
public protocol Publisher<Output, Failure> {
    /// The kind of values published by this publisher.
    associatedtype Output

    /// The kind of errors this publisher might publish. Use `Never` if it does not publish errors.
    associatedtype Failure: Error

    /// Attaches the specified subscriber to this publisher. Implementations must call
    /// `subscriber.receive(subscription:)` exactly once. Call ``subscribe(_:)`` instead of this method.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches the specified subscriber to this publisher.
    @inlinable
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}

/// A namespace for types that serve as publishers.
public enum Publishers {}

#endif
