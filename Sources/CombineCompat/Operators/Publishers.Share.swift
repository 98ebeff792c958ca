#if !canImport(Darwin)

extension Publishers {
    /// A publisher that shares the output of an upstream publisher with multiple subscribers.
    ///
    /// The upstream is subscribed once, when the first subscriber attaches; later subscribers receive only later
    /// elements. When every subscriber has cancelled, the upstream subscription is cancelled and a new subscriber
    /// subscribes to the upstream afresh; once the upstream has completed, later subscribers receive that completion
    /// at once. `Share` is a class: copies of the reference share one upstream subscription.
    public final class Share<Upstream: Publisher>: Publisher, Equatable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public final let upstream: Upstream

        private let inner: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

        /// Whether the operator is gone, each subscriber subscribing upstream (a `rehearsal mutate` mutant; see
        /// ``MutationSeam``).
        var isRemoved = false

        /// Creates a publisher that shares the output of an upstream publisher with multiple subscribers.
        public init(upstream: Upstream) {
            self.upstream = upstream
            inner = Multicast(upstream: upstream, createSubject: { PassthroughSubject() }).autoconnect()
        }

        /// Attaches a subscriber to the shared upstream subscription.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            if isRemoved { return upstream.subscribe(subscriber) }
            inner.subscribe(subscriber)
        }

        /// Two shares are equal when they are the same instance.
        public static func == (lhs: Share, rhs: Share) -> Bool { lhs === rhs }
    }
}

extension Publisher {
    /// Shares the output of an upstream publisher with multiple subscribers.
    ///
    /// ```swift
    /// let page = repository.fetch().share()
    /// page.map(\.items).sink { ... }
    /// page.map(\.cursor).sink { ... }    // one fetch, two subscribers
    /// ```
    public func share(file: StaticString = #fileID, line: UInt = #line, column: UInt = #column)
        -> Publishers.Share<Self>
    {
        let share = Publishers.Share(upstream: self)
        share.isRemoved = MutationSeam.isChanged(.share, file: file, line: line, column: column)
        return share
    }
}

#endif
