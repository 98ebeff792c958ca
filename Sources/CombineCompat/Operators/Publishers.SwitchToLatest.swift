#if !canImport(Darwin)

extension Publisher where Output: Publisher, Output.Failure == Failure {
    /// Republishes elements sent by the most recently received publisher.
    ///
    /// When upstream delivers a new inner publisher, the previous inner publisher is cancelled first (its later
    /// values and completion are ignored; values it delivered before are still delivered), then the new one is
    /// subscribed and asked for the outstanding downstream demand. This is how a ViewModel drops a stale search
    /// request when the query changes. Upstream is asked for unlimited publishers. The result finishes when
    /// upstream and the current inner publisher have finished, and fails when either fails.
    ///
    /// ```swift
    /// let cancellable = query
    ///     .map { repository.search($0) }
    ///     .switchToLatest()
    ///     .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // Prints only the results of the latest query
    /// ```
    ///
    /// - Returns: A publisher that emits elements only from the most recent inner publisher.
    public func switchToLatest(file: StaticString = #fileID, line: UInt = #line, column: UInt = #column)
        -> Publishers.SwitchToLatest<Output, Self>
    {
        Publishers.SwitchToLatest(upstream: self).mutated(file: file, line: line, column: column)
    }
}

extension Publisher where Output: Publisher, Failure == Never {
    /// `switchToLatest()` for a never-failing upstream of failable inner publishers.
    public func switchToLatest(file: StaticString = #fileID, line: UInt = #line, column: UInt = #column)
        -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>>
    {
        Publishers.SwitchToLatest(upstream: Publishers.SetFailureType(upstream: self))
            .mutated(file: file, line: line, column: column)
    }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
    /// `switchToLatest()` when neither upstream nor the inner publishers can fail.
    public func switchToLatest(file: StaticString = #fileID, line: UInt = #line, column: UInt = #column)
        -> Publishers.SwitchToLatest<Output, Self>
    {
        Publishers.SwitchToLatest(upstream: self).mutated(file: file, line: line, column: column)
    }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
    /// `switchToLatest()` for never-failing inner publishers of a failable upstream.
    public func switchToLatest(file: StaticString = #fileID, line: UInt = #line, column: UInt = #column)
        -> Publishers.SwitchToLatest<
            Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
        >
    {
        Publishers.SwitchToLatest(upstream: Publishers.Map(upstream: self) { Publishers.SetFailureType(upstream: $0) })
            .mutated(file: file, line: line, column: column)
    }
}

extension Publishers {
    /// A publisher that flattens nested publishers, republishing only the elements of the most recent one.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
    where P == Upstream.Output, P.Failure == Upstream.Failure {
        public typealias Output = P.Output
        public typealias Failure = P.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// Whether inner publishers are merged instead (a `rehearsal mutate` mutant; see ``MutationSeam``).
        @usableFromInline var mergesInner = false

        /// Creates a publisher that "flattens" nested publishers.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            if mergesInner { return mergedInner.receive(subscriber: subscriber) }
            let inner = _SwitchToLatestInner<S, P>(downstream: subscriber)
            inner.start()
            upstream.subscribe(_SwitchToLatestOuter(inner: inner))
        }
    }
}

#endif
