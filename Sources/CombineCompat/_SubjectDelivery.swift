#if !canImport(Darwin)

/// What a subject's conduit calls for one subscriber: closures made where the subscriber's type is known (so a
/// specialised caller delivers through specialised code), and the subscriber itself for the conduit's mirror; a
/// subject's own `sink` keeps its value closure as it is (no wrapping closure to allocate).
///
/// A conduit reaches its delivery through an unretained reference while a delivery runs and keeps a strong one to
/// own it (see `_SubjectConduit`); the closures are constants of the delivery, so calling them needs no reference
/// count either.
@usableFromInline
final class _SubjectDelivery<Output, Failure: Error>: @unchecked Sendable {
    @usableFromInline let receiveValue: (Output) -> Subscribers.Demand
    /// A sink's value closure (unlimited demand, nothing returned), called instead of `receiveValue` when `isSink`.
    @usableFromInline let sinkValue: (Output) -> Void
    @usableFromInline let isSink: Bool
    @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    /// The subscriber, as a subscription's mirror shows it.
    @usableFromInline let subscriber: Any

    /// Delivers to `downstream`.
    @inlinable
    init<S: Subscriber>(_ downstream: S) where S.Input == Output, S.Failure == Failure {
        receiveValue = { downstream.receive($0) }
        sinkValue = { _ in }
        isSink = false
        receiveCompletion = { downstream.receive(completion: $0) }
        subscriber = downstream
    }

    /// Delivers to the closures of a subject's own `sink` (unlimited demand; no `Subscribers.Sink` object).
    @inlinable
    init(
        sinkValue: @escaping (Output) -> Void,
        sinkCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        receiveValue = { _ in .none }
        self.sinkValue = sinkValue
        isSink = true
        receiveCompletion = sinkCompletion
        subscriber = "Sink"
    }

    @inlinable
    func receive(_ value: Output) -> Subscribers.Demand {
        // The closures are called where they are stored: binding one to a local would retain it on every value.
        if isSink {
            sinkValue(value)
            return .none
        }
        return receiveValue(value)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) { receiveCompletion(completion) }
}

#endif
