#if !canImport(Combine)

/// A subscriber behind a class reference of a type that depends only on `Input` and `Failure`.
///
/// Subjects keep their subscribers in these boxes instead of `any Subscriber<Input, Failure>`: copying a class
/// reference is a retain, while copying a constrained existential in generic code needs run-time type metadata
/// that is costly to build on every delivery or cancellation.
@usableFromInline
class _AnySubscriberBox<Input, Failure: Error>: @unchecked Sendable {
    @inlinable init() {}

    @inlinable
    func receive(subscription: Subscription) {
        preconditionFailure("_AnySubscriberBox is abstract; _SubscriberBox overrides every method")
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        preconditionFailure("_AnySubscriberBox is abstract; _SubscriberBox overrides every method")
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        preconditionFailure("_AnySubscriberBox is abstract; _SubscriberBox overrides every method")
    }
}

@usableFromInline
final class _SubscriberBox<S: Subscriber>: _AnySubscriberBox<S.Input, S.Failure>, @unchecked Sendable {
    @usableFromInline let subscriber: S

    @inlinable
    init(_ subscriber: S) {
        self.subscriber = subscriber
    }

    @inlinable
    override func receive(subscription: Subscription) {
        subscriber.receive(subscription: subscription)
    }

    @inlinable
    override func receive(_ input: S.Input) -> Subscribers.Demand {
        subscriber.receive(input)
    }

    @inlinable
    override func receive(completion: Subscribers.Completion<S.Failure>) {
        subscriber.receive(completion: completion)
    }
}

#endif
