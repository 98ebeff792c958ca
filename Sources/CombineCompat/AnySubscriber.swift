#if !canImport(Darwin)

/// A type-erasing subscriber.
///
/// Use it to wrap an existing subscriber, a subject, or three closures. It describes, reflects and shows itself in a
/// playground as the subscriber it wraps (its type name when that has no description), as "Subject" for a subject,
/// and as "Anonymous AnySubscriber" for closures, as Combine's does (its interface's inlinable initialiser; the
/// OpenCombine suite, whose compatibility mode runs against Apple's Combine: AnySubscriberTests).
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    public let combineIdentifier: CombineIdentifier
    @usableFromInline let receiveSubscriptionBody: ((Subscription) -> Void)?
    @usableFromInline let receiveValueBody: ((Input) -> Subscribers.Demand)?
    @usableFromInline let receiveCompletionBody: ((Subscribers.Completion<Failure>) -> Void)?
    /// What is wrapped, for the description: a subscriber, or a subject (`wrapsSubject`); `nil` for closures.
    private let wrapped: Any?
    private let wrapsSubject: Bool

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
        wrapped = s
        wrapsSubject = false
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
        wrapped = s
        wrapsSubject = true
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
        wrapped = nil
        wrapsSubject = false
    }

    /// The wrapped subscriber's description, or its type name; "Subject"; or "Anonymous AnySubscriber".
    public var description: String {
        guard let wrapped else { return "Anonymous AnySubscriber" }
        if wrapsSubject { return "Subject" }
        return (wrapped as? CustomStringConvertible)?.description ?? "\(type(of: wrapped))"
    }

    /// The wrapped subscriber's mirror (or one without children), the subject, or the anonymous description.
    public var customMirror: Mirror {
        guard let wrapped else { return Mirror(reflecting: "Anonymous AnySubscriber") }
        if wrapsSubject { return Mirror(self, children: ["downstreamSubject": wrapped]) }
        return (wrapped as? CustomReflectable)?.customMirror ?? Mirror(wrapped, children: [:])
    }

    /// The wrapped subscriber's playground description, else its description.
    public var playgroundDescription: Any {
        if let wrapped, !wrapsSubject, let playground = wrapped as? CustomPlaygroundDisplayConvertible {
            return playground.playgroundDescription
        }
        return description
    }

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
