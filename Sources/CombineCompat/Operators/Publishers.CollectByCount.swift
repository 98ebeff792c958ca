#if !canImport(Darwin)

extension Publisher {
    /// Collects up to the specified number of elements, and then emits a single array of the collection.
    ///
    /// Each downstream demand of one array asks upstream for `count` elements. When upstream finishes, a partial
    /// last array is published before finishing; when it fails, the partial array is discarded.
    ///
    ///     let numbers = (0...10)
    ///     cancellable = numbers.publisher
    ///         .collect(5)
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints "[0, 1, 2, 3, 4] [5, 6, 7, 8, 9] [10] "
    ///
    /// - Parameter count: The maximum number of received elements to buffer before publishing; values below 1
    ///   count as 1.
    @inlinable
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }
}

extension Publishers {
    /// A publisher that buffers a maximum number of items.
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = [Upstream.Output]
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The maximum number of received elements to buffer before publishing.
        public let count: Int

        /// Creates a publisher that publishes arrays of `count` elements.
        @inlinable
        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let count = Swift.max(1, self.count)
            var buffer: [Upstream.Output] = []
            upstream._subscribeTransform(
                "CollectByCount",
                subscriber,
                hooks: _TransformHooks(demandMultiplier: count),
                policy: .init(earlyValue: .forward, earlyCompletion: .forward, zeroDemandTraps: true),
                reflection: .state {
                    [("upstreamSubscription", $0.upstream as Any), ("buffer", buffer), ("count", count)]
                },
                step: { value, inner in
                    buffer.append(value)
                    guard buffer.count == count else { return inner.hold() }
                    defer { buffer.removeAll(keepingCapacity: true) }
                    return inner.emit(buffer)
                },
                complete: { completion in
                    guard case .finished = completion, !buffer.isEmpty else { return (nil, completion) }
                    defer { buffer = [] }
                    return (buffer, completion)
                }
            )
        }
    }
}

#endif
