#if !canImport(Darwin)

extension Publisher {
    /// Ignores all upstream elements, but passes along the upstream publisher's completion state (finished or
    /// failed). Requests `.unlimited` from upstream.
    ///
    ///     struct NoZeroValuesAllowedError: Error {}
    ///     cancellable = [1, 2, 3, 4, 5, 0, 6, 7, 8, 9].publisher
    ///         .tryFilter { guard $0 != 0 else { throw NoZeroValuesAllowedError() }; return $0 < 20 }
    ///         .ignoreOutput()
    ///         .sink(receiveCompletion: { print("completion: \($0)") }, receiveValue: { print("value \($0)") })
    ///
    ///     // Prints: "completion: failure(NoZeroValuesAllowedError())"
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }
}

extension Publishers {
    /// A publisher that ignores all upstream elements, but passes along the upstream publisher's completion state.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Never
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a publisher that republishes only the completion of `upstream`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream._subscribeReduce(
                "IgnoreOutput",
                subscriber,
                initial: (),
                fold: { _, _ in .continue },
                finalize: { _ in nil }
            )
        }
    }
}

#endif
