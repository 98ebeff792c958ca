#if !canImport(Darwin)

extension Publisher {
    /// Publishes the number of elements received from the upstream publisher when it finishes.
    ///
    ///     let numbers = (0...10)
    ///     cancellable = numbers.publisher
    ///         .count()
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "11"
    public func count() -> Publishers.Count<Self> {
        Publishers.Count(upstream: self)
    }
}

extension Publishers {
    /// A publisher that publishes the number of elements received from the upstream publisher.
    public struct Count<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Int
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a publisher that counts the upstream elements.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream._subscribeReduce(
                "Count",
                subscriber,
                initial: 0,
                fold: { count, _ in
                    count += 1
                    return .continue
                },
                finalize: { $0 }
            )
        }
    }
}

#endif
