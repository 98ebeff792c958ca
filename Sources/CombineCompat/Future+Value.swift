import RehearsalBase

#if !canImport(Darwin)

extension Future where Failure == Never {
    /// The published value of the future, delivered asynchronously: suspends until the promise is fulfilled
    /// (or returns at once when it already was).
    ///
    ///     let answer = Future<Int, Never> { promise in promise(.success(42)) }
    ///     print(await answer.value)    // Prints: 42
    ///
    /// Available from iOS 15, and disfavoured (`@_disfavoredOverload`): Combine helper libraries back-port it
    /// under the same name behind `@available(iOS, obsoleted: 15.0)`, which binds nothing on Linux, and their
    /// declaration then wins here as it does on a phone below iOS 15, instead of "ambiguous use".
    @_disfavoredOverload
    public var value: Output {
        get async {
            await withCheckedContinuation { continuation in
                subscribe(
                    _FutureValueSubscriber<Output, Never> { result in
                        // The value crosses to the awaiting task exactly as Apple's Future hands it over.
                        nonisolated(unsafe) let outcome = result
                        continuation.resume(with: outcome)
                    })
            }
        }
    }
}

extension Future {
    /// The published value of the future or its error, delivered asynchronously: suspends until the promise is
    /// fulfilled, then returns the value or throws the failure.
    ///
    ///     let user = Future<User, Error> { promise in service.load { promise($0) } }
    ///     let loaded = try await user.value
    ///
    /// Disfavoured, as the value of a future that cannot fail (a back-port's declaration wins).
    @_disfavoredOverload
    public var value: Output {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                subscribe(
                    _FutureValueSubscriber<Output, Failure> { result in
                        nonisolated(unsafe) let outcome = result.mapError { $0 as Error }
                        continuation.resume(with: outcome)
                    })
            }
        }
    }
}

/// Asks a future for its one value and hands the outcome to `resume`, exactly once.
private final class _FutureValueSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    private let lock = _Lock()
    private var resume: ((Result<Input, Failure>) -> Void)?

    init(_ resume: @escaping (Result<Input, Failure>) -> Void) {
        self.resume = resume
    }

    func receive(subscription: Subscription) { subscription.request(.max(1)) }

    func receive(_ input: Input) -> Subscribers.Demand {
        finish(.success(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        if case .failure(let error) = completion { finish(.failure(error)) }
    }

    private func finish(_ result: Result<Input, Failure>) {
        let resume = lock.withLock { () -> ((Result<Input, Failure>) -> Void)? in
            defer { self.resume = nil }
            return self.resume
        }
        resume?(result)
    }
}

#endif
