#if !canImport(Darwin)

extension Publishers {
    /// A publisher created by applying the merge function to three upstream publishers.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        A.Output == C.Output, A.Failure == C.Failure
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A
        /// The second upstream publisher.
        public let b: B
        /// The third upstream publisher.
        public let c: C

        /// Creates a publisher created by applying the merge function to three upstream publishers.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _MergeInner.subscribe(subscriber, [a.subscribe, b.subscribe, c.subscribe])
        }
    }

    /// A publisher created by applying the merge function to four upstream publishers.
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        A.Output == C.Output, A.Failure == C.Failure,
        A.Output == D.Output, A.Failure == D.Failure
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A
        /// The second upstream publisher.
        public let b: B
        /// The third upstream publisher.
        public let c: C
        /// The fourth upstream publisher.
        public let d: D

        /// Creates a publisher created by applying the merge function to four upstream publishers.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _MergeInner.subscribe(subscriber, [a.subscribe, b.subscribe, c.subscribe, d.subscribe])
        }
    }

    /// A publisher created by applying the merge function to five upstream publishers.
    public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        A.Output == C.Output, A.Failure == C.Failure,
        A.Output == D.Output, A.Failure == D.Failure,
        A.Output == E.Output, A.Failure == E.Failure
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A
        /// The second upstream publisher.
        public let b: B
        /// The third upstream publisher.
        public let c: C
        /// The fourth upstream publisher.
        public let d: D
        /// The fifth upstream publisher.
        public let e: E

        /// Creates a publisher created by applying the merge function to five upstream publishers.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _MergeInner.subscribe(subscriber, [a.subscribe, b.subscribe, c.subscribe, d.subscribe, e.subscribe])
        }
    }

    /// A publisher created by applying the merge function to six upstream publishers.
    public struct Merge6<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>:
        Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        A.Output == C.Output, A.Failure == C.Failure,
        A.Output == D.Output, A.Failure == D.Failure,
        A.Output == E.Output, A.Failure == E.Failure,
        A.Output == F.Output, A.Failure == F.Failure
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A
        /// The second upstream publisher.
        public let b: B
        /// The third upstream publisher.
        public let c: C
        /// The fourth upstream publisher.
        public let d: D
        /// The fifth upstream publisher.
        public let e: E
        /// The sixth upstream publisher.
        public let f: F

        /// Creates a publisher created by applying the merge function to six upstream publishers.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _MergeInner.subscribe(
                subscriber,
                [
                    a.subscribe,
                    b.subscribe,
                    c.subscribe,
                    d.subscribe,
                    e.subscribe,
                    f.subscribe,
                ])
        }
    }

    /// A publisher created by applying the merge function to seven upstream publishers.
    public struct Merge7<
        A: Publisher,
        B: Publisher,
        C: Publisher,
        D: Publisher,
        E: Publisher,
        F: Publisher,
        G: Publisher
    >: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        A.Output == C.Output, A.Failure == C.Failure,
        A.Output == D.Output, A.Failure == D.Failure,
        A.Output == E.Output, A.Failure == E.Failure,
        A.Output == F.Output, A.Failure == F.Failure,
        A.Output == G.Output, A.Failure == G.Failure
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A
        /// The second upstream publisher.
        public let b: B
        /// The third upstream publisher.
        public let c: C
        /// The fourth upstream publisher.
        public let d: D
        /// The fifth upstream publisher.
        public let e: E
        /// The sixth upstream publisher.
        public let f: F
        /// The seventh upstream publisher.
        public let g: G

        /// Creates a publisher created by applying the merge function to seven upstream publishers.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _MergeInner.subscribe(
                subscriber,
                [
                    a.subscribe,
                    b.subscribe,
                    c.subscribe,
                    d.subscribe,
                    e.subscribe,
                    f.subscribe,
                    g.subscribe,
                ])
        }
    }

    /// A publisher created by applying the merge function to eight upstream publishers.
    public struct Merge8<
        A: Publisher,
        B: Publisher,
        C: Publisher,
        D: Publisher,
        E: Publisher,
        F: Publisher,
        G: Publisher,
        H: Publisher
    >: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        A.Output == C.Output, A.Failure == C.Failure,
        A.Output == D.Output, A.Failure == D.Failure,
        A.Output == E.Output, A.Failure == E.Failure,
        A.Output == F.Output, A.Failure == F.Failure,
        A.Output == G.Output, A.Failure == G.Failure,
        A.Output == H.Output, A.Failure == H.Failure
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A
        /// The second upstream publisher.
        public let b: B
        /// The third upstream publisher.
        public let c: C
        /// The fourth upstream publisher.
        public let d: D
        /// The fifth upstream publisher.
        public let e: E
        /// The sixth upstream publisher.
        public let f: F
        /// The seventh upstream publisher.
        public let g: G
        /// The eighth upstream publisher.
        public let h: H

        /// Creates a publisher created by applying the merge function to eight upstream publishers.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
            self.h = h
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _MergeInner.subscribe(
                subscriber,
                [
                    a.subscribe,
                    b.subscribe,
                    c.subscribe,
                    d.subscribe,
                    e.subscribe,
                    f.subscribe,
                    g.subscribe,
                    h.subscribe,
                ])
        }
    }
}

#endif
