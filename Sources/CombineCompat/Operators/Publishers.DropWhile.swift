#if !canImport(Darwin)

extension Publisher {
    /// Omits elements from the upstream publisher until a given closure returns `false`, before republishing all
    /// remaining elements.
    ///
    ///     let numbers = [-62, -1, 0, 10, 0, 22, 41, -1, 5]
    ///     cancellable = numbers.publisher
    ///         .drop { $0 <= 0 }
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "10 0 22 41 -1 5"
    @inlinable
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }

    /// Omits elements from the upstream publisher until an error-throwing closure returns `false`, before
    /// republishing all remaining elements. If the closure throws, the publisher cancels upstream and fails.
    ///
    ///     struct RangeError: Error {}
    ///     cancellable = [1, 3, 5, 7, 9].publisher
    ///         .tryDrop { if $0 == 5 { throw RangeError() } else { return $0 < 7 } }
    ///         .sink(receiveCompletion: { print ("\($0)") }, receiveValue: { print ("\($0)") })
    ///
    ///     // Prints: "failure(RangeError())"
    @inlinable
    public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
        Publishers.TryDropWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that omits elements from an upstream publisher until a given closure returns `false`.
    public struct DropWhile<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The closure that indicates whether to drop the element.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a publisher that drops elements while `predicate` returns `true`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var dropping = true
            upstream._subscribeTransform("DropWhile", subscriber, policy: .ignores, reflection: .empty) {
                value, inner in
                if dropping, predicate(value) { return inner.skip() }
                dropping = false
                return inner.emit(value)
            }
        }
    }

    /// A publisher that omits elements from an upstream publisher until a given error-throwing closure returns
    /// `false`.
    public struct TryDropWhile<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The error-throwing closure that indicates whether to drop the element.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a publisher that drops elements while the throwing `predicate` returns `true`.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var dropping = true
            upstream._subscribeTryTransform("TryDropWhile", subscriber, policy: .ignores, reflection: .empty) {
                value, inner in
                do {
                    if dropping, try predicate(value) { return inner.skip() }
                } catch {
                    return inner.fail(error)
                }
                dropping = false
                return inner.emit(value)
            }
        }
    }
}

#endif
