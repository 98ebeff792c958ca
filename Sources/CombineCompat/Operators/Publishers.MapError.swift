#if !canImport(Darwin)

extension Publisher {
    /// Converts any failure from the upstream publisher into a new error.
    ///
    ///     struct DivisionByZeroError: Error {}
    ///     struct MyGenericError: Error { var wrappedError: Error }
    ///     cancellable = [5, 4, 3, 2, 1, 0].publisher
    ///         .tryMap { guard $0 != 0 else { throw DivisionByZeroError() }; return 10 / $0 }
    ///         .mapError { MyGenericError(wrappedError: $0) }
    ///         .sink(receiveCompletion: { print("completion: \($0)") }, receiveValue: { print("\($0)", terminator: " ") })
    ///
    ///     // Prints: "2 2 3 5 10 completion: failure(MyGenericError(wrappedError: DivisionByZeroError()))"
    @inlinable
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
        Publishers.MapError(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// A publisher that converts any failure from the upstream publisher into a new error.
    public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The closure that converts the upstream failure into a new error.
        public let transform: (Upstream.Failure) -> Failure

        /// Creates a publisher that converts upstream failures with `transform`.
        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Creates a publisher that converts upstream failures with `map`.
        @inlinable
        public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
            self.init(upstream: upstream, transform: map)
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform))
        }
    }
}

extension Publishers.MapError {
    /// The subscriber `mapError` puts between its upstream and the downstream (no subscription of its own).
    @usableFromInline
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Failure {
        @usableFromInline typealias Input = Upstream.Output

        @usableFromInline let combineIdentifier = CombineIdentifier()
        @usableFromInline let downstream: Downstream
        @usableFromInline let transform: (Upstream.Failure) -> Downstream.Failure

        @inlinable
        init(downstream: Downstream, transform: @escaping (Upstream.Failure) -> Downstream.Failure) {
            self.downstream = downstream
            self.transform = transform
        }

        @inlinable
        func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }

        @inlinable
        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            downstream.receive(input)
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            downstream.receive(completion: completion._map(transform))
        }

        @usableFromInline var description: String { "MapError" }
        @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
        @usableFromInline var playgroundDescription: Any { description }
    }
}

#endif
