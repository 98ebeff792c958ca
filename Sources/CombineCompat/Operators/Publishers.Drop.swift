#if !canImport(Darwin)

extension Publisher {
    /// Omits the specified number of elements before republishing subsequent elements.
    ///
    /// Every omitted element asks upstream for one more, so the downstream demand is kept.
    ///
    ///     let numbers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    ///     cancellable = numbers.publisher
    ///         .dropFirst(5)
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints: "6 7 8 9 10 "
    ///
    /// - Parameter count: The number of elements to omit. The default is `1`.
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}

extension Publishers {
    /// A publisher that omits a specified number of elements before republishing later elements.
    public struct Drop<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The number of elements to drop.
        public let count: Int

        /// Creates a publisher that omits the first `count` elements.
        @inlinable
        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var remaining = count
            upstream._subscribeTransform("Drop", subscriber) { value, inner in
                guard remaining > 0 else { return inner.emit(value) }
                remaining -= 1
                return inner.skip()
            }
        }
    }
}

extension Publishers.Drop {
    /// Fuses two `dropFirst`s into one that omits both counts.
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Upstream> {
        Publishers.Drop(upstream: upstream, count: self.count + count)
    }
}

#endif
