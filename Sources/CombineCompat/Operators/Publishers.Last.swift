#if !canImport(Darwin)

extension Publisher {
    /// Publishes the last element of a stream, after the stream finishes.
    ///
    ///     let numbers = (-10...10)
    ///     cancellable = numbers.publisher
    ///         .last()
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "10"
    public func last() -> Publishers.Last<Self> {
        Publishers.Last(upstream: self)
    }

    /// Publishes the last element of a stream that satisfies a predicate closure, after upstream finishes.
    ///
    ///     let numbers = (-10...10)
    ///     cancellable = numbers.publisher
    ///         .last { $0 < 6 }
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "5"
    public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
        Publishers.LastWhere(upstream: self, predicate: predicate)
    }

    /// Publishes the last element of a stream that satisfies an error-throwing predicate closure, after the stream
    /// finishes. If the closure throws, the publisher cancels upstream and fails with the error.
    ///
    ///     struct RangeError: Error {}
    ///     cancellable = [-62, 1, 6, 10, 9, 22, 41, -1, 5].publisher
    ///         .tryLast { guard $0 != 0 else { throw RangeError() }; return true }
    ///         .sink(receiveCompletion: { print ("completion: \($0)", terminator: " ") },
    ///               receiveValue: { print ("\($0)", terminator: " ") })
    ///
    ///     // Prints: "5 completion: finished"
    public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
        Publishers.TryLastWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that only publishes the last element of a stream, after the stream finishes.
    public struct Last<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a publisher that publishes the last element of `upstream`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream._subscribeSelect("Last", subscriber, stopAtFirst: false) { _, _ in true }
        }
    }

    /// A publisher that only publishes the last element of a stream that satisfies a predicate closure, once the
    /// stream finishes.
    public struct LastWhere<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The closure that determines whether to publish an element.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a publisher that publishes the last element matching `predicate`.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream._subscribeSelect("LastWhere", subscriber, stopAtFirst: false) { predicate($1) }
        }
    }

    /// A publisher that only publishes the last element of a stream that satisfies an error-throwing predicate
    /// closure, once the stream finishes.
    public struct TryLastWhere<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The error-throwing closure that determines whether to publish an element.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a publisher that publishes the last element matching the throwing `predicate`.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream._subscribeTrySelect("TryLastWhere", subscriber, stopAtFirst: false) { try predicate($1) }
        }
    }
}

#endif
