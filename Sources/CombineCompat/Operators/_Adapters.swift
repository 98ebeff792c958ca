#if !canImport(Combine)

// Internal stand-ins for `Publishers.SetFailureType` and `Publishers.Map`, which live with the transforming
// operators. The failure-adapting `flatMap` / `switchToLatest` overloads and the transform overloads of
// `combineLatest` / `zip` erase them behind `AnyPublisher`.

/// Changes the failure type of a publisher that never fails.
struct _NeverFailing<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
    typealias Output = Upstream.Output
    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(
            AnySubscriber<Output, Never>(
                receiveSubscription: subscriber.receive(subscription:),
                receiveValue: subscriber.receive(_:),
                receiveCompletion: { _ in subscriber.receive(completion: .finished) }
            ))
    }
}

/// Transforms every value of a publisher; the transform runs on the delivering thread, outside any lock.
struct _Mapped<Upstream: Publisher, Output>: Publisher {
    typealias Failure = Upstream.Failure
    let upstream: Upstream
    let transform: (Upstream.Output) -> Output

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let transform = transform
        upstream.subscribe(
            AnySubscriber<Upstream.Output, Failure>(
                receiveSubscription: subscriber.receive(subscription:),
                receiveValue: { subscriber.receive(transform($0)) },
                receiveCompletion: subscriber.receive(completion:)
            ))
    }
}

#endif
