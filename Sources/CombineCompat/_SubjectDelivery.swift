#if !canImport(Darwin)

/// What a subject's conduit calls for one subscriber: two closures made where the subscriber's type is known (so
/// a specialised caller delivers through specialised code), and the subscriber itself for the conduit's mirror.
///
/// A conduit reaches its delivery through an unretained reference while a delivery runs and keeps a strong one to
/// own it (see `_SubjectConduit`); the closures are constants of the delivery, so calling them needs no reference
/// count either.
@usableFromInline
final class _SubjectDelivery<Output, Failure: Error>: @unchecked Sendable {
    @usableFromInline let receiveValue: (Output) -> Subscribers.Demand
    @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    /// The subscriber, as a subscription's mirror shows it.
    @usableFromInline let subscriber: Any

    @inlinable
    init(
        receiveValue: @escaping (Output) -> Subscribers.Demand,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        subscriber: Any
    ) {
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
        self.subscriber = subscriber
    }

    /// Delivers to `downstream`.
    @inlinable
    convenience init<S: Subscriber>(_ downstream: S) where S.Input == Output, S.Failure == Failure {
        self.init(
            receiveValue: { downstream.receive($0) },
            receiveCompletion: { downstream.receive(completion: $0) },
            subscriber: downstream
        )
    }

    /// Delivers to the closures of a subject's own `sink` (unlimited demand; no `Subscribers.Sink` object).
    @inlinable
    convenience init(
        sinkValue: @escaping (Output) -> Void,
        sinkCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        self.init(
            receiveValue: { value in
                sinkValue(value)
                return .none
            },
            receiveCompletion: sinkCompletion,
            subscriber: "Sink"
        )
    }

    @inlinable
    func receive(_ value: Output) -> Subscribers.Demand { receiveValue(value) }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) { receiveCompletion(completion) }
}

#endif
