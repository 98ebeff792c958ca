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
    public func combineLatest<B: Publisher>(
        _ other: B, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.CombineLatest<Self, B> where Failure == B.Failure {
        Publishers.CombineLatest(self, other).mutated(file: file, line: line, column: column)
    }

    /// Like `combineLatest` with two publishers, but publishes `transform` applied to each combination
    /// (called on the delivering thread, outside any lock).
    public func combineLatest<B: Publisher, T>(
        _ other: B,
        _ transform: @escaping (Output, B.Output) -> T,
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.Map<Publishers.CombineLatest<Self, B>, T> where Failure == B.Failure {
        Publishers.Map(upstream: Publishers.CombineLatest(self, other).mutated(file: file, line: line, column: column))
        {
            transform($0.0, $0.1)
        }
    }

    /// Subscribes to two additional publishers and publishes a tuple upon receiving output from any (see
    /// ``Publishers/CombineLatest3``).
    public func combineLatest<B: Publisher, C: Publisher>(
        _ publisher1: B, _ publisher2: C, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.CombineLatest3<Self, B, C> where Failure == B.Failure, Failure == C.Failure {
        var combined = Publishers.CombineLatest3(self, publisher1, publisher2)
        combined.zips = MutationSeam.isChanged(.combineLatest, file: file, line: line, column: column)
        return combined
    }

    /// Like `combineLatest` with three publishers, but publishes `transform` applied to each combination
    /// (called on the delivering thread, outside any lock).
    public func combineLatest<B: Publisher, C: Publisher, T>(
        _ publisher1: B, _ publisher2: C,
        _ transform: @escaping (Output, B.Output, C.Output) -> T,
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, B, C>, T> where Failure == B.Failure, Failure == C.Failure {
        Publishers.Map(upstream: combineLatest(publisher1, publisher2, file: file, line: line, column: column)) {
            transform($0.0, $0.1, $0.2)
        }
    }

    /// Subscribes to three additional publishers and publishes a tuple upon receiving output from any (see
    /// ``Publishers/CombineLatest4``).
    public func combineLatest<B: Publisher, C: Publisher, D: Publisher>(
        _ publisher1: B, _ publisher2: C, _ publisher3: D,
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.CombineLatest4<Self, B, C, D>
    where Failure == B.Failure, Failure == C.Failure, Failure == D.Failure {
        var combined = Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
        combined.zips = MutationSeam.isChanged(.combineLatest, file: file, line: line, column: column)
        return combined
    }

    /// Like `combineLatest` with four publishers, but publishes `transform` applied to each combination
    /// (called on the delivering thread, outside any lock).
    public func combineLatest<B: Publisher, C: Publisher, D: Publisher, T>(
        _ publisher1: B, _ publisher2: C, _ publisher3: D,
        _ transform: @escaping (Output, B.Output, C.Output, D.Output) -> T,
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, B, C, D>, T>
    where Failure == B.Failure, Failure == C.Failure, Failure == D.Failure {
        let combined = combineLatest(publisher1, publisher2, publisher3, file: file, line: line, column: column)
        return Publishers.Map(upstream: combined) {
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
        /// Whether values are paired by index, as `zip` pairs them (a `rehearsal mutate` mutant; see
        /// ``MutationSeam``).
        @usableFromInline var zips = false

        /// Creates a publisher that receives and combines the latest elements from two publishers.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// This operator, or the mutant that pairs values by index when the seam says so for this call.
        @usableFromInline
        func mutated(file: StaticString, line: UInt, column: UInt) -> Self {
            var mutated = self
            mutated.zips = MutationSeam.isChanged(.combineLatest, file: file, line: line, column: column)
            return mutated
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _Combining.subscribe(subscriber, a, b, kind: zips ? .zip : .combineLatest)
        }
    }
}

#endif
