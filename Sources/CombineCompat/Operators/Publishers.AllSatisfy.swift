#if !canImport(Darwin)

extension Publisher {
    /// Publishes a single Boolean value that indicates whether all received elements pass a given predicate.
    ///
    /// Publishes `false` and cancels upstream at the first element that fails the predicate, or `true` when
    /// upstream finishes.
    ///
    ///     let targetRange = (-1...100)
    ///     let numbers = [-1, 0, 10, 5]
    ///     numbers.publisher
    ///         .allSatisfy { targetRange.contains($0) }
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "true"
    public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
        Publishers.AllSatisfy(upstream: self, predicate: predicate)
    }

    /// Publishes a single Boolean value that indicates whether all received elements pass a given error-throwing
    /// predicate. If the closure throws, the publisher cancels upstream and fails with the error.
    ///
    ///     struct InvalidNumberError: Error {}
    ///     [-1, 0, 10, 5].publisher
    ///         .tryAllSatisfy { guard $0 != 10 else { throw InvalidNumberError() }; return $0 > -5 }
    ///         .sink(receiveCompletion: { print ("completion: \($0)") }, receiveValue: { print ("value: \($0)") })
    ///
    ///     // Prints: "completion: failure(InvalidNumberError())"
    public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self> {
        Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that publishes a single Boolean value that indicates whether all received elements pass a given
    /// predicate.
    public struct AllSatisfy<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Bool
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// A closure that evaluates each received element.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a publisher that tells whether every upstream element satisfies `predicate`.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream._subscribeVerdict("AllSatisfy", subscriber, decisive: false, predicate)
        }
    }

    /// A publisher that publishes a single Boolean value that indicates whether all received elements pass a given
    /// error-throwing predicate.
    public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Bool
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// An error-throwing closure that evaluates each received element.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a publisher that tells whether every upstream element satisfies the throwing `predicate`.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream._subscribeTryVerdict("TryAllSatisfy", subscriber, decisive: false, predicate)
        }
    }
}

#endif
