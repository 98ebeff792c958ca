#if !canImport(Darwin)

extension Publisher where Output: Equatable {
    /// Publishes a Boolean value upon receiving an element equal to the argument.
    ///
    /// Publishes `true` and cancels upstream at the first match, or publishes `false` when upstream finishes
    /// without one.
    ///
    ///     let numbers = [-1, 5, 10, 5]
    ///     numbers.publisher
    ///         .contains(5)
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "true"
    public func contains(_ output: Output) -> Publishers.Contains<Self> {
        Publishers.Contains(upstream: self, output: output)
    }
}

extension Publisher {
    /// Publishes a Boolean value upon receiving an element that satisfies the predicate closure.
    ///
    ///     let numbers = [-1, 0, 10, 5]
    ///     numbers.publisher
    ///         .contains { $0 > 4 }
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "true".
    public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
        Publishers.ContainsWhere(upstream: self, predicate: predicate)
    }

    /// Publishes a Boolean value upon receiving an element that satisfies the throwing predicate closure. If the
    /// closure throws, the publisher cancels upstream and fails with the error.
    ///
    ///     struct IllegalValueError: Error {}
    ///     [1, 3, 8, 4].publisher
    ///         .tryContains { guard $0 != 8 else { throw IllegalValueError() }; return $0 == 4 }
    ///         .sink(receiveCompletion: { print ("completion: \($0)") }, receiveValue: { print ("value: \($0)") })
    ///
    ///     // Prints: "completion: failure(IllegalValueError())"
    public func tryContains(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryContainsWhere<Self> {
        Publishers.TryContainsWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that emits a Boolean value when it receives a specified element from its upstream publisher.
    public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
        /// The kind of values published by this publisher.
        public typealias Output = Bool
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The element to scan for in the upstream publisher.
        public let output: Upstream.Output

        /// Creates a publisher that tells whether `upstream` publishes `output`.
        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let output = self.output
            upstream._subscribeVerdict("Contains", subscriber, decisive: true) { $0 == output }
        }
    }

    /// A publisher that emits a Boolean value upon receiving an element that satisfies the predicate closure.
    public struct ContainsWhere<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Bool
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The closure that determines whether the publisher should consider an element as a match.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a publisher that tells whether `upstream` publishes an element matching `predicate`.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream._subscribeVerdict("ContainsWhere", subscriber, decisive: true, predicate)
        }
    }

    /// A publisher that emits a Boolean value upon receiving an element that satisfies the throwing predicate.
    public struct TryContainsWhere<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Bool
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The error-throwing closure that determines whether this publisher should emit a `true` element.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a publisher that tells whether `upstream` publishes an element matching the throwing `predicate`.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream._subscribeTryVerdict("TryContainsWhere", subscriber, decisive: true, predicate)
        }
    }
}

#endif
