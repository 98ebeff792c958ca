#if !canImport(Darwin)

extension Publisher {
    /// Subscribes to an additional publisher and publishes a tuple upon receiving output from either publisher.
    ///
    /// Nothing is published until every upstream has produced a value; from then on every new value publishes the
    /// combination of the latest values (in upstream order). Values arriving while the downstream has no demand
    /// are coalesced: only the newest combination is kept. Downstream demand is forwarded to every upstream;
    /// deliveries are serialised like ``Publishers/Merge``. All upstream publishers need to finish for this
    /// publisher to finish (so it never finishes if one never publishes a value); the first failure is published
    /// at once and cancels the other upstreams.
    ///
    /// ```swift
    /// let cancellable = name.combineLatest(age).sink { print($0) }
    /// name.send("Kim")     // nothing yet
    /// age.send(30)         // Prints: ("Kim", 30)
    /// name.send("Lee")     // Prints: ("Lee", 30)
    /// ```
    public func combineLatest<B: Publisher>(_ other: B) -> Publishers.CombineLatest<Self, B>
    where Failure == B.Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Like `combineLatest` with two publishers, but publishes `transform` applied to each combination
    /// (called on the delivering thread, outside any lock).
    public func combineLatest<B: Publisher, T>(
        _ other: B,
        _ transform: @escaping (Output, B.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, B>, T> where Failure == B.Failure {
        Publishers.Map(upstream: Publishers.CombineLatest(self, other)) { transform($0.0, $0.1) }
    }

    /// Subscribes to two additional publishers and publishes a tuple upon receiving output from any (see
    /// ``Publishers/CombineLatest3``).
    public func combineLatest<B: Publisher, C: Publisher>(_ publisher1: B, _ publisher2: C)
        -> Publishers.CombineLatest3<Self, B, C>
    where Failure == B.Failure, Failure == C.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2)
    }

    /// Like `combineLatest` with three publishers, but publishes `transform` applied to each combination
    /// (called on the delivering thread, outside any lock).
    public func combineLatest<B: Publisher, C: Publisher, T>(
        _ publisher1: B, _ publisher2: C,
        _ transform: @escaping (Output, B.Output, C.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, B, C>, T> where Failure == B.Failure, Failure == C.Failure {
        Publishers.Map(upstream: Publishers.CombineLatest3(self, publisher1, publisher2)) {
            transform($0.0, $0.1, $0.2)
        }
    }

    /// Subscribes to three additional publishers and publishes a tuple upon receiving output from any (see
    /// ``Publishers/CombineLatest4``).
    public func combineLatest<B: Publisher, C: Publisher, D: Publisher>(
        _ publisher1: B, _ publisher2: C, _ publisher3: D
    ) -> Publishers.CombineLatest4<Self, B, C, D>
    where Failure == B.Failure, Failure == C.Failure, Failure == D.Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }

    /// Like `combineLatest` with four publishers, but publishes `transform` applied to each combination
    /// (called on the delivering thread, outside any lock).
    public func combineLatest<B: Publisher, C: Publisher, D: Publisher, T>(
        _ publisher1: B, _ publisher2: C, _ publisher3: D,
        _ transform: @escaping (Output, B.Output, C.Output, D.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, B, C, D>, T>
    where Failure == B.Failure, Failure == C.Failure, Failure == D.Failure {
        Publishers.Map(upstream: Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)) {
            transform($0.0, $0.1, $0.2, $0.3)
        }
    }
}

extension Publishers {
    /// A publisher that receives and combines the latest elements from two publishers.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
    where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A
        /// The second upstream publisher.
        public let b: B

        /// Creates a publisher that receives and combines the latest elements from two publishers.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _Combining.subscribe(subscriber, a, b, kind: .combineLatest)
        }
    }
}

#endif
