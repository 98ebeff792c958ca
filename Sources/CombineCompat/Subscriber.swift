#if !canImport(Darwin)

/// A protocol that declares a type that can receive input from a publisher.
///
/// A subscriber receives exactly one subscription, then zero or more values (never more than it demanded), then at
/// most one completion. After completion nothing else is delivered.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    /// The kind of values this subscriber receives.
    associatedtype Input

    /// The kind of errors this subscriber might receive. Use `Never` if it does not receive errors.
    associatedtype Failure: Error

    /// Tells the subscriber that it has subscribed and may request items.
    func receive(subscription: Subscription)

    /// Tells the subscriber that the publisher has produced an element; returns additional demand.
    func receive(_ input: Input) -> Subscribers.Demand

    /// Tells the subscriber that the publisher has completed publishing, normally or with an error.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Tells the subscriber that a publisher of void elements is ready to receive further requests.
    @inlinable
    public func receive() -> Subscribers.Demand {
        receive(())
    }
}

/// A namespace for types that serve as subscribers.
public enum Subscribers {}

#endif
