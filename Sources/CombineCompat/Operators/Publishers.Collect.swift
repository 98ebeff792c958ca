#if !canImport(Darwin)

extension Publisher {
    /// Collects all received elements, and emits a single array of the collection when the upstream publisher
    /// finishes.
    ///
    /// Requests `.unlimited` from upstream. If upstream fails, the collected elements are discarded and the failure
    /// is republished.
    ///
    ///     let numbers = (0...10)
    ///     cancellable = numbers.publisher
    ///         .collect()
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]"
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }
}

extension Publishers {
    /// A publisher that buffers items until its upstream finishes, then publishes them as one array.
    public struct Collect<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = [Upstream.Output]
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a publisher that collects every upstream element into one array.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream._subscribeReduce(
                "Collect",
                subscriber,
                initial: [Upstream.Output](),
                fold: { elements, value in
                    elements.append(value)
                    return .continue
                },
                finalize: { $0 }
            )
        }
    }
}

#endif
