#if !canImport(Darwin)

extension Publisher {
    /// Replaces an empty stream with the provided element.
    ///
    /// If upstream finishes without publishing anything, the element is published (once the downstream has demand)
    /// followed by `.finished`. Values and failures otherwise pass through unchanged.
    ///
    ///     let numbers: [Double] = []
    ///     cancellable = numbers.publisher
    ///         .replaceEmpty(with: Double.nan)
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints "(nan)".
    public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

extension Publishers {
    /// A publisher that replaces an empty stream with a provided element.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The element to deliver when the upstream publisher finishes without delivering any elements.
        public let output: Upstream.Output

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a publisher that publishes `output` if `upstream` finishes empty.
        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let output = self.output
            upstream.subscribe(
                _ReplaceInner<S, Failure>("ReplaceEmpty", downstream: subscriber, requestsUnlimited: true) {
                    completion, sawValue in
                    guard case .finished = completion, !sawValue else { return (nil, completion) }
                    return (output, .finished)
                }
            )
        }
    }
}

#endif
