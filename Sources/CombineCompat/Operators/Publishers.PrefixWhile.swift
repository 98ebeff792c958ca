#if !canImport(Darwin)

extension Publisher {
    /// Republishes elements while a predicate closure indicates publishing should continue; at the first element
    /// that fails it, cancels upstream and finishes.
    ///
    ///     let numbers = (0...10)
    ///     numbers.publisher
    ///         .prefix { $0 < 5 }
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints: "0 1 2 3 4"
    @inlinable
    public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }

    /// Republishes elements while an error-throwing predicate closure indicates publishing should continue. If the
    /// closure throws, the publisher cancels upstream and fails with the error.
    ///
    ///     struct OutOfRangeError: Error {}
    ///     cancellable = [1, 2, 3, 4, 5, 6, -1, 7, 8, 9, 10].publisher
    ///         .tryPrefix { guard $0 != 0 else { throw OutOfRangeError() }; return $0 <= 10 }
    ///         .sink(receiveCompletion: { print ("\($0)") }, receiveValue: { print ("\($0)", terminator: " ") })
    ///
    ///     // Prints: "1 2 3 4 5 6 -1 7 8 9 10 finished"
    @inlinable
    public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
        Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that republishes elements while a predicate closure indicates publishing should continue.
    public struct PrefixWhile<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The closure that determines whether publishing should continue.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a publisher that republishes elements while `predicate` returns `true`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream._subscribeTransform("PrefixWhile", subscriber, policy: .traps, reflection: .downstream) {
                predicate($0) ? $1.emit($0) : $1.finish()
            }
        }
    }

    /// A publisher that republishes elements while an error-throwing predicate closure indicates publishing should
    /// continue.
    public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The error-throwing closure that determines whether publishing should continue.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a publisher that republishes elements while the throwing `predicate` returns `true`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream._subscribeTryTransform("TryPrefixWhile", subscriber, policy: .traps, reflection: .downstream) {
                value, inner in
                do { return try predicate(value) ? inner.emit(value) : inner.finish() } catch {
                    return inner.fail(error)
                }
            }
        }
    }
}

#endif
