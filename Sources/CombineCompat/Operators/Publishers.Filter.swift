#if !canImport(Darwin)

extension Publisher {
    /// Republishes all elements that match a provided closure.
    ///
    /// An element that does not match is dropped and one more is requested from upstream, so the downstream demand
    /// is kept.
    ///
    ///     let numbers: [Int] = [1, 2, 3, 4, 5]
    ///     cancellable = numbers.publisher
    ///         .filter { $0 % 2 == 0 }
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints: "2 4"
    @inlinable
    public func filter(
        _ isIncluded: @escaping (Output) -> Bool, file: StaticString = #fileID, line: UInt = #line,
        column: UInt = #column
    ) -> Publishers.Filter<Self> {
        Publishers.Filter(
            upstream: self, isIncluded: MutationSeam.inclusion(isIncluded, file: file, line: line, column: column))
    }

    /// Republishes all elements that match a provided error-throwing closure. If the closure throws, the publisher
    /// cancels upstream and fails with the error.
    ///
    ///     struct ZeroError: Error {}
    ///     cancellable = [1, 2, 3, 4, 0, 5].publisher
    ///         .tryFilter { if $0 == 0 { throw ZeroError() } else { return $0 % 2 == 0 } }
    ///         .sink(receiveCompletion: { print("\($0)") }, receiveValue: { print("\($0)", terminator: " ") })
    ///
    ///     // Prints: "2 4 failure(ZeroError())"
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers {
    /// A publisher that republishes all elements that match a provided closure.
    public struct Filter<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// A closure that indicates whether to republish an element.
        public let isIncluded: (Upstream.Output) -> Bool

        /// Creates a publisher that republishes the elements for which `isIncluded` returns `true`.
        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        ///
        /// As in Combine, `filter` keeps no state: the subscriber receives the upstream's own subscription, and each
        /// value left out asks upstream for one more (`.max(1)`) so the downstream's demand is kept.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, isIncluded: isIncluded))
        }
    }

    /// A publisher that republishes all elements that match a provided error-throwing closure.
    public struct TryFilter<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// An error-throwing closure that indicates whether to republish an element.
        public let isIncluded: (Upstream.Output) throws -> Bool

        /// Creates a publisher that republishes the elements for which the throwing `isIncluded` returns `true`.
        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let isIncluded = self.isIncluded
            upstream._subscribeTryTransform("TryFilter", subscriber, policy: .traps, reflection: .downstream) {
                value, inner in
                do { return try isIncluded(value) ? inner.emit(value) : inner.skip() } catch {
                    return inner.fail(error)
                }
            }
        }
    }
}

extension Publishers.Filter {
    /// The subscriber `filter` puts between its upstream and the downstream (no subscription of its own).
    @usableFromInline
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias Failure = Upstream.Failure

        @usableFromInline let combineIdentifier = CombineIdentifier()
        @usableFromInline let downstream: Downstream
        @usableFromInline let isIncluded: (Upstream.Output) -> Bool

        @inlinable
        init(downstream: Downstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.downstream = downstream
            self.isIncluded = isIncluded
        }

        @inlinable
        func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }

        @inlinable
        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            isIncluded(input) ? downstream.receive(input) : .max(1)
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            downstream.receive(completion: completion)
        }

        @usableFromInline var description: String { "Filter" }
        @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
        @usableFromInline var playgroundDescription: Any { description }
    }
}

extension Publishers.Filter {
    /// Fuses two filters into one that republishes elements matching both closures.
    @inlinable
    public func filter(
        _ isIncluded: @escaping (Output) -> Bool, file: StaticString = #fileID, line: UInt = #line,
        column: UInt = #column
    ) -> Publishers.Filter<Upstream> {
        let (first, isIncluded) = (
            self.isIncluded, MutationSeam.inclusion(isIncluded, file: file, line: line, column: column)
        )
        return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
    }

    /// Fuses a filter with a following `tryFilter` into one `TryFilter`.
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}

extension Publishers.TryFilter {
    /// Fuses a `tryFilter` with a following `filter` into one `TryFilter`.
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }

    /// Fuses two `tryFilter`s into one.
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}

#endif
