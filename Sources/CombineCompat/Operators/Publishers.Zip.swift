#if !canImport(Darwin)

extension Publisher {
    /// Combines elements from another publisher and delivers pairs of elements as tuples.
    ///
    /// The n-th values of the upstreams are published together as the n-th tuple (values wait in per-upstream
    /// queues until their partners arrive). Downstream demand is forwarded to every upstream; deliveries are
    /// serialised like ``Publishers/Merge``. The zipped publisher finishes once an upstream has finished and all of
    /// its values have been paired (no further tuple is possible), and fails as soon as either upstream fails
    /// (cancelling the others).
    ///
    /// ```swift
    /// let cancellable = numbers.zip(letters).sink { print($0) }
    /// numbers.send(1); numbers.send(2)
    /// letters.send("A")   // Prints: (1, "A")
    /// letters.send("B")   // Prints: (2, "B")
    /// ```
    public func zip<B: Publisher>(_ other: B) -> Publishers.Zip<Self, B>
    where Failure == B.Failure {
        Publishers.Zip(self, other)
    }

    /// Like `zip` with two publishers, but publishes `transform` applied to each combination
    /// (called on the delivering thread, outside any lock).
    public func zip<B: Publisher, T>(
        _ other: B,
        _ transform: @escaping (Output, B.Output) -> T
    ) -> Publishers.Map<Publishers.Zip<Self, B>, T> where Failure == B.Failure {
        Publishers.Map(upstream: Publishers.Zip(self, other)) { transform($0.0, $0.1) }
    }

    /// Combines elements from two other publishers and delivers groups of elements as tuples (see
    /// ``Publishers/Zip3``).
    public func zip<B: Publisher, C: Publisher>(_ publisher1: B, _ publisher2: C) -> Publishers.Zip3<Self, B, C>
    where Failure == B.Failure, Failure == C.Failure {
        Publishers.Zip3(self, publisher1, publisher2)
    }

    /// Like `zip` with three publishers, but publishes `transform` applied to each combination
    /// (called on the delivering thread, outside any lock).
    public func zip<B: Publisher, C: Publisher, T>(
        _ publisher1: B, _ publisher2: C,
        _ transform: @escaping (Output, B.Output, C.Output) -> T
    ) -> Publishers.Map<Publishers.Zip3<Self, B, C>, T> where Failure == B.Failure, Failure == C.Failure {
        Publishers.Map(upstream: Publishers.Zip3(self, publisher1, publisher2)) { transform($0.0, $0.1, $0.2) }
    }

    /// Combines elements from three other publishers and delivers groups of elements as tuples (see
    /// ``Publishers/Zip4``).
    public func zip<B: Publisher, C: Publisher, D: Publisher>(_ publisher1: B, _ publisher2: C, _ publisher3: D)
        -> Publishers.Zip4<Self, B, C, D>
    where Failure == B.Failure, Failure == C.Failure, Failure == D.Failure {
        Publishers.Zip4(self, publisher1, publisher2, publisher3)
    }

    /// Like `zip` with four publishers, but publishes `transform` applied to each combination
    /// (called on the delivering thread, outside any lock).
    public func zip<B: Publisher, C: Publisher, D: Publisher, T>(
        _ publisher1: B, _ publisher2: C, _ publisher3: D,
        _ transform: @escaping (Output, B.Output, C.Output, D.Output) -> T
    ) -> Publishers.Map<Publishers.Zip4<Self, B, C, D>, T>
    where Failure == B.Failure, Failure == C.Failure, Failure == D.Failure {
        Publishers.Map(upstream: Publishers.Zip4(self, publisher1, publisher2, publisher3)) {
            transform($0.0, $0.1, $0.2, $0.3)
        }
    }
}

extension Publishers {
    /// A publisher that receives and combines elements from two publishers.
    public struct Zip<A: Publisher, B: Publisher>: Publisher
    where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A
        /// The second upstream publisher.
        public let b: B

        /// Creates a publisher that receives and combines elements from two publishers.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _Combining.subscribe(subscriber, a, b, kind: .zip)
        }
    }
}

#endif
