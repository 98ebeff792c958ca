#if !canImport(Darwin)

/// A type-erasing subscriber.
///
/// Use it to wrap an existing subscriber, a subject, or three closures.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
    public let combineIdentifier: CombineIdentifier
    @usableFromInline let receiveSubscriptionBody: ((Subscription) -> Void)?
    @usableFromInline let receiveValueBody: ((Input) -> Subscribers.Demand)?
    @usableFromInline let receiveCompletionBody: ((Subscribers.Completion<Failure>) -> Void)?
    private let descriptionBody: (() -> String)?

    /// Creates a type-erasing subscriber to wrap an existing subscriber.
    public init<S: Subscriber>(_ s: S) where S.Input == Input, S.Failure == Failure {
        if let erased = s as? AnySubscriber<Input, Failure> {
            self = erased
            return
        }
        combineIdentifier = s.combineIdentifier
        receiveSubscriptionBody = s.receive(subscription:)
        receiveValueBody = s.receive(_:)
        receiveCompletionBody = s.receive(completion:)
        descriptionBody = { String(describing: s) }
    }

    /// Creates a type-erasing subscriber that forwards to a subject.
    public init<S: Subject>(_ s: S) where S.Output == Input, S.Failure == Failure {
        combineIdentifier = CombineIdentifier()
        receiveSubscriptionBody = { subscription in
            s.send(subscription: subscription)
        }
        receiveValueBody = { value in
            s.send(value)
            return .none
        }
        receiveCompletionBody = { completion in
            s.send(completion: completion)
        }
        descriptionBody = { String(describing: s) }
    }

    /// Creates a type-erasing subscriber that executes the provided closures.
    public init(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        combineIdentifier = CombineIdentifier()
        receiveSubscriptionBody = receiveSubscription
        receiveValueBody = receiveValue
        receiveCompletionBody = receiveCompletion
        descriptionBody = nil
    }

    public var description: String { descriptionBody?() ?? "Anonymous AnySubscriber" }

    @inlinable
    public func receive(subscription: Subscription) {
        receiveSubscriptionBody?(subscription)
    }

    @inlinable
    public func receive(_ value: Input) -> Subscribers.Demand {
        receiveValueBody?(value) ?? .none
    }

    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
        receiveCompletionBody?(completion)
    }
}

#endif
