#if !canImport(Darwin)

extension Publisher {
    /// Publishes the first element of a stream, then finishes.
    ///
    /// Requests `.unlimited` from upstream and cancels it as soon as the first element arrives; the element is
    /// published once the downstream has asked for one.
    ///
    ///     let numbers = (-10...10)
    ///     cancellable = numbers.publisher
    ///         .first()
    ///         .sink { print("\($0)") }
    ///
    ///     // Print: "-10"
    public func first(file: StaticString = #fileID, line: UInt = #line, column: UInt = #column)
        -> Publishers.First<Self>
    {
        var first = Publishers.First(upstream: self)
        first.passesAll = MutationSeam.isChanged(.first, file: file, line: line, column: column)
        return first
    }

    /// Publishes the first element of a stream to satisfy a predicate closure, then cancels upstream and finishes.
    ///
    ///     let numbers = (-10...10)
    ///     cancellable = numbers.publisher
    ///         .first { $0 > 0 }
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "1"
    public func first(
        where predicate: @escaping (Output) -> Bool, file: StaticString = #fileID, line: UInt = #line,
        column: UInt = #column
    ) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(
            upstream: self, predicate: MutationSeam.firstPredicate(predicate, file: file, line: line, column: column))
    }

    /// Publishes the first element of a stream to satisfy a throwing predicate closure, then cancels upstream and
    /// finishes. If the closure throws, the publisher cancels upstream and fails with the error.
    ///
    ///     struct RangeError: Error {}
    ///     cancellable = [1, 2, 3].publisher
    ///         .tryFirst { guard $0 < 3 else { throw RangeError() }; return $0 > 1 }
    ///         .sink(receiveCompletion: { print("\($0)") }, receiveValue: { print("\($0)") })
    ///
    ///     // Prints: "2 finished"
    public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
        Publishers.TryFirstWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that publishes the first element of a stream, then finishes.
    public struct First<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// Whether every element passes, as if the operator were not there (a `rehearsal mutate` mutant; see
        /// ``MutationSeam``).
        @usableFromInline var passesAll = false

        /// Creates a publisher that publishes the first element of `upstream`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            if passesAll { return upstream.subscribe(subscriber) }
            upstream._subscribeSelect("First", subscriber, stopAtFirst: true) { _, _ in true }
        }
    }

    /// A publisher that only publishes the first element of a stream to satisfy a predicate closure.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The closure that determines whether to publish an element.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a publisher that publishes the first element matching `predicate`.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            // Combine names this subscription "TryFirst", although the predicate cannot throw (the OpenCombine suite,
            // whose compatibility mode runs against Apple's Combine: FirstTests.testFirstWhereReflection).
            upstream._subscribeSelect("TryFirst", subscriber, stopAtFirst: true) { predicate($1) }
        }
    }

    /// A publisher that only publishes the first element of a stream to satisfy a throwing predicate closure.
    public struct TryFirstWhere<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The error-throwing closure that determines whether to publish an element.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a publisher that publishes the first element matching the throwing `predicate`.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream._subscribeTrySelect("TryFirstWhere", subscriber, stopAtFirst: true) { try predicate($1) }
        }
    }
}

#endif
