#if !canImport(Darwin)

extension Publishers {
    /// A publisher that receives and combines the latest elements from three publishers.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, A.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A
        /// The second upstream publisher.
        public let b: B
        /// The third upstream publisher.
        public let c: C

        /// Whether values are grouped by index, as `zip` groups them (a `rehearsal mutate` mutant; see
        /// ``MutationSeam``).
        @usableFromInline var zips = false

        /// Creates a publisher that receives and combines the latest elements from three publishers.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _Combining.subscribe(subscriber, a, b, c, kind: zips ? .zip : .combineLatest)
        }
    }

    /// A publisher that receives and combines the latest elements from four publishers.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, A.Failure == C.Failure, A.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A
        /// The second upstream publisher.
        public let b: B
        /// The third upstream publisher.
        public let c: C
        /// The fourth upstream publisher.
        public let d: D
        /// Whether values are grouped by index, as `zip` groups them (a `rehearsal mutate` mutant; see
        /// ``MutationSeam``).
        @usableFromInline var zips = false

        /// Creates a publisher that receives and combines the latest elements from four publishers.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _Combining.subscribe(subscriber, a, b, c, d, kind: zips ? .zip : .combineLatest)
        }
    }
}

#endif
