#if !canImport(Darwin)

extension Publisher {
    /// Combines elements from this publisher with those from another publisher of the same type, delivering an
    /// interleaved sequence of elements.
    ///
    /// Values are delivered in the order they arrive, one at a time even when the upstreams send from several
    /// threads at once (a value arriving during another delivery waits in a queue). Downstream demand is forwarded
    /// to every upstream; values beyond the demand are queued. The merged publisher finishes after all upstreams
    /// have finished and the queue is drained, and fails as soon as any upstream fails (cancelling the others).
    /// Cancelling cancels every upstream.
    ///
    /// ```swift
    /// let cancellable = letters.merge(with: digits).sink { print($0, terminator: " ") }
    /// letters.send("a"); digits.send("1"); letters.send("b")
    /// // Prints: "a 1 b "
    /// ```
    ///
    /// - Parameter other: Another publisher.
    /// - Returns: A publisher that emits an event when either upstream publisher emits an event.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where Failure == P.Failure, Output == P.Output {
        Publishers.Merge(self, other)
    }

    /// Combines elements from this publisher with those from two other publishers of the same types,
    /// delivering an interleaved sequence of elements (see ``Publishers/Merge3``).
    public func merge<B: Publisher, C: Publisher>(
        with b: B,
        _ c: C
    ) -> Publishers.Merge3<Self, B, C>
    where
        Failure == B.Failure, Output == B.Output,
        Failure == C.Failure, Output == C.Output
    {
        Publishers.Merge3(self, b, c)
    }

    /// Combines elements from this publisher with those from three other publishers of the same types,
    /// delivering an interleaved sequence of elements (see ``Publishers/Merge4``).
    public func merge<B: Publisher, C: Publisher, D: Publisher>(
        with b: B,
        _ c: C,
        _ d: D
    ) -> Publishers.Merge4<Self, B, C, D>
    where
        Failure == B.Failure, Output == B.Output,
        Failure == C.Failure, Output == C.Output,
        Failure == D.Failure, Output == D.Output
    {
        Publishers.Merge4(self, b, c, d)
    }

    /// Combines elements from this publisher with those from four other publishers of the same types,
    /// delivering an interleaved sequence of elements (see ``Publishers/Merge5``).
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(
        with b: B,
        _ c: C,
        _ d: D,
        _ e: E
    ) -> Publishers.Merge5<Self, B, C, D, E>
    where
        Failure == B.Failure, Output == B.Output,
        Failure == C.Failure, Output == C.Output,
        Failure == D.Failure, Output == D.Output,
        Failure == E.Failure, Output == E.Output
    {
        Publishers.Merge5(self, b, c, d, e)
    }

    /// Combines elements from this publisher with those from five other publishers of the same types,
    /// delivering an interleaved sequence of elements (see ``Publishers/Merge6``).
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(
        with b: B,
        _ c: C,
        _ d: D,
        _ e: E,
        _ f: F
    ) -> Publishers.Merge6<Self, B, C, D, E, F>
    where
        Failure == B.Failure, Output == B.Output,
        Failure == C.Failure, Output == C.Output,
        Failure == D.Failure, Output == D.Output,
        Failure == E.Failure, Output == E.Output,
        Failure == F.Failure, Output == F.Output
    {
        Publishers.Merge6(self, b, c, d, e, f)
    }

    /// Combines elements from this publisher with those from six other publishers of the same types,
    /// delivering an interleaved sequence of elements (see ``Publishers/Merge7``).
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>(
        with b: B,
        _ c: C,
        _ d: D,
        _ e: E,
        _ f: F,
        _ g: G
    ) -> Publishers.Merge7<Self, B, C, D, E, F, G>
    where
        Failure == B.Failure, Output == B.Output,
        Failure == C.Failure, Output == C.Output,
        Failure == D.Failure, Output == D.Output,
        Failure == E.Failure, Output == E.Output,
        Failure == F.Failure, Output == F.Output,
        Failure == G.Failure, Output == G.Output
    {
        Publishers.Merge7(self, b, c, d, e, f, g)
    }

    /// Combines elements from this publisher with those from seven other publishers of the same types,
    /// delivering an interleaved sequence of elements (see ``Publishers/Merge8``).
    public func merge<
        B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher
    >(
        with b: B,
        _ c: C,
        _ d: D,
        _ e: E,
        _ f: F,
        _ g: G,
        _ h: H
    ) -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
    where
        Failure == B.Failure, Output == B.Output,
        Failure == C.Failure, Output == C.Output,
        Failure == D.Failure, Output == D.Output,
        Failure == E.Failure, Output == E.Output,
        Failure == F.Failure, Output == F.Output,
        Failure == G.Failure, Output == G.Output,
        Failure == H.Failure, Output == H.Output
    {
        Publishers.Merge8(self, b, c, d, e, f, g, h)
    }
}

extension Publishers {
    /// A publisher created by applying the merge function to two upstream publishers.
    public struct Merge<A: Publisher, B: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A
        /// The second upstream publisher.
        public let b: B

        /// Creates a publisher created by applying the merge function to 2 upstream publishers.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _MergeInner.subscribe(subscriber, [a.subscribe, b.subscribe])
        }
    }
}

#endif
