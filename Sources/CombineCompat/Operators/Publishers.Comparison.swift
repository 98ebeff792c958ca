#if !canImport(Darwin)

extension Publisher where Output: Comparable {
    /// Publishes the minimum value received from the upstream publisher, after it finishes.
    ///
    ///     let numbers = [-1, 0, 10, 5]
    ///     numbers.publisher
    ///         .min()
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "-1"
    public func min() -> Publishers.Comparison<Self> {
        min(by: <)
    }

    /// Publishes the maximum value received from the upstream publisher, after it finishes.
    ///
    ///     let numbers = [0, 10, 5]
    ///     cancellable = numbers.publisher
    ///         .max()
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "10"
    public func max() -> Publishers.Comparison<Self> {
        max(by: <)
    }
}

extension Publisher {
    /// Publishes the minimum value received from the upstream publisher, using the provided ordering closure.
    /// Among equal minimal elements, the first is published.
    ///
    ///     enum Rank: Int { case ace = 1, two, three }
    ///     [Rank.two, .ace, .three].publisher
    ///         .min { $0.rawValue < $1.rawValue }
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "ace"
    public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self) { areInIncreasingOrder($1, $0) }
    }

    /// Publishes the maximum value received from the upstream publisher, using the provided ordering closure.
    /// Among equal maximal elements, the first is published.
    ///
    ///     enum Rank: Int { case ace = 1, two, three }
    ///     [Rank.two, .ace, .three].publisher
    ///         .max { $0.rawValue < $1.rawValue }
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "three"
    public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }

    /// Publishes the minimum value received from the upstream publisher, using the provided error-throwing closure
    /// to order the items. If the closure throws, the publisher cancels upstream and fails with the error.
    ///
    ///     struct IllegalValueError: Error {}
    ///     [1, 3, 0].publisher
    ///         .tryMin { guard $0 != 0 && $1 != 0 else { throw IllegalValueError() }; return $0 < $1 }
    ///         .sink(receiveCompletion: { print ("completion: \($0)") }, receiveValue: { print ("value: \($0)") })
    ///
    ///     // Prints: "completion: failure(IllegalValueError())"
    public func tryMin(
        by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self) { try areInIncreasingOrder($1, $0) }
    }

    /// Publishes the maximum value received from the upstream publisher, using the provided error-throwing closure
    /// to order the items. If the closure throws, the publisher cancels upstream and fails with the error.
    ///
    ///     [1, 3, 2].publisher
    ///         .tryMax { $0 < $1 }
    ///         .sink(receiveCompletion: { print ("completion: \($0)") }, receiveValue: { print ("value: \($0)") })
    ///
    ///     // Prints: "value: 3" then "completion: finished"
    public func tryMax(
        by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }
}

extension Publishers {
    /// A publisher that republishes items from another publisher only if each new item is in increasing order
    /// from the previously-published item: it publishes the greatest element once upstream finishes.
    public struct Comparison<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream

        /// A closure that receives two elements and returns true if they are in increasing order.
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

        /// Creates a publisher that publishes the greatest upstream element under `areInIncreasingOrder`.
        public init(upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let areInIncreasingOrder = self.areInIncreasingOrder
            upstream._subscribeSelect("Comparison", subscriber, stopAtFirst: false) { best, value in
                best.map { areInIncreasingOrder($0, value) } ?? true
            }
        }
    }

    /// A publisher that publishes the greatest upstream element under an error-throwing ordering closure.
    public struct TryComparison<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream

        /// An error-throwing closure that receives two elements and returns true if they are in increasing order.
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

        /// Creates a publisher that publishes the greatest upstream element under a throwing ordering.
        public init(
            upstream: Upstream,
            areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
        ) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let areInIncreasingOrder = self.areInIncreasingOrder
            upstream._subscribeTrySelect("TryComparison", subscriber, stopAtFirst: false) { best, value in
                try best.map { try areInIncreasingOrder($0, value) } ?? true
            }
        }
    }
}

#endif
