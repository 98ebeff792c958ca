#if !canImport(Darwin)

extension Publisher {
    /// Transforms all elements from an upstream publisher into a new publisher up to a maximum number of publishers
    /// you specify.
    ///
    /// Every upstream value is turned into a publisher by `transform` (called on the delivering thread, outside any
    /// lock) and subscribed at once; their values are merged with the semantics of ``Publishers/Merge``: one
    /// delivery at a time, downstream demand forwarded to every inner publisher, values beyond demand queued.
    /// Upstream is asked for `maxPublishers` values, and for one more each time an inner publisher finishes, so at
    /// most `maxPublishers` inner publishers are active. The result finishes when upstream and every inner
    /// publisher have finished, and fails on the first failure (cancelling everything else).
    ///
    /// ```swift
    /// let cancellable = storeIds
    ///     .flatMap(maxPublishers: .max(1)) { id in repository.fetchStore(id) }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0.name) })
    /// // Prints each store's name, one request at a time, then "finished"
    /// ```
    ///
    /// - Parameters:
    ///   - maxPublishers: The maximum number of concurrent publisher subscriptions, or `.unlimited`.
    ///   - transform: A closure that takes an element as a parameter and returns a publisher of elements.
    /// - Returns: A publisher that transforms elements from an upstream publisher into a publisher of that
    ///   element's type.
    public func flatMap<T, P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.FlatMap<P, Self> where T == P.Output, Failure == P.Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
            .mutated(file: file, line: line, column: column)
    }

    /// `flatMap` for a never-failing upstream and inner publishers that can fail: upstream takes their failure
    /// type.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> where Failure == Never {
        Publishers.FlatMap(
            upstream: Publishers.SetFailureType(upstream: self),
            maxPublishers: maxPublishers,
            transform: transform
        ).mutated(file: file, line: line, column: column)
    }

    /// `flatMap` for never-failing inner publishers of a failable upstream: inner publishers take its failure
    /// type.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) { value in
            Publishers.SetFailureType(upstream: transform(value))
        }.mutated(file: file, line: line, column: column)
    }

    /// `flatMap` when neither upstream nor the inner publishers can fail.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.FlatMap<P, Self> where P.Failure == Never, Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
            .mutated(file: file, line: line, column: column)
    }
}

extension Publishers {
    /// A publisher that transforms elements from an upstream publisher into a new publisher.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The maximum number of concurrent publisher subscriptions.
        public let maxPublishers: Subscribers.Demand
        /// A closure that takes an element as a parameter and returns a publisher that produces elements of that
        /// type.
        public let transform: (Upstream.Output) -> NewPublisher
        /// Whether only the latest inner publisher is kept (a `rehearsal mutate` mutant; see ``MutationSeam``).
        @usableFromInline var keepsLatest = false

        /// Creates a publisher that transforms elements from an upstream publisher into a new publisher.
        public init(
            upstream: Upstream,
            maxPublishers: Subscribers.Demand,
            transform: @escaping (Upstream.Output) -> NewPublisher
        ) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            if keepsLatest { return latestInner.receive(subscriber: subscriber) }
            let inner = _FlatMapInner<S, NewPublisher>(downstream: subscriber, maxPublishers: maxPublishers)
            inner.start()
            upstream.subscribe(Inner(flatMap: inner, transform: transform))
        }
    }
}

extension Publishers.FlatMap {
    /// The subscriber `flatMap` attaches to its upstream: each value becomes a publisher to subscribe to.
    @usableFromInline
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline let combineIdentifier = CombineIdentifier()
        @usableFromInline let flatMap: _FlatMapInner<Downstream, NewPublisher>
        @usableFromInline let transform: (Upstream.Output) -> NewPublisher

        @inlinable
        init(flatMap: _FlatMapInner<Downstream, NewPublisher>, transform: @escaping (Upstream.Output) -> NewPublisher) {
            self.flatMap = flatMap
            self.transform = transform
        }

        @inlinable
        func receive(subscription: Subscription) { flatMap.upstreamReceived(subscription) }

        @inlinable
        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            flatMap.upstreamReceived { transform(input) }
            return .none
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Failure>) { flatMap.upstreamCompleted(completion) }

        @usableFromInline var description: String { "FlatMap" }
        @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
        @usableFromInline var playgroundDescription: Any { description }
    }
}

#endif
