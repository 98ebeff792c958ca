#if !canImport(Darwin)

extension Publisher {
    /// Specifies the scheduler on which to receive elements from the publisher.
    ///
    /// Every value and the completion are handed to `scheduler.schedule(options:_:)` when upstream sends them,
    /// so they reach the downstream at the scheduler's current instant, after work already queued there, in
    /// upstream order. Subscription, requests and cancellation are not moved; use `subscribe(on:)` for those.
    /// Demand passes straight through to upstream.
    ///
    /// ```swift
    /// let cancellable = repository.fetch()
    ///     .receive(on: DispatchQueue.main)
    ///     .sink { print("on main:", $0) }
    /// // Prints: "on main: …" from the main queue
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler the publisher uses for element delivery.
    ///   - options: Scheduler options used to customize element delivery.
    /// - Returns: A publisher that delivers elements using the specified scheduler.
    public func receive<S: Scheduler>(
        on scheduler: S, options: S.SchedulerOptions? = nil, file: StaticString = #fileID, line: UInt = #line,
        column: UInt = #column
    ) -> Publishers.ReceiveOn<Self, S> {
        var receiveOn = Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
        receiveOn.isRemoved = MutationSeam.isChanged(.receiveOn, file: file, line: line, column: column)
        return receiveOn
    }
}

extension Publishers {
    /// A publisher that delivers elements to its downstream subscriber on a specific scheduler.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The scheduler the publisher is to use for element delivery.
        public let scheduler: Context
        /// Scheduler options that customize the delivery of elements.
        public let options: Context.SchedulerOptions?
        /// Whether the operator is gone (a `rehearsal mutate` mutant; see ``MutationSeam``).
        @usableFromInline var isRemoved = false

        /// Creates a publisher that delivers elements to its downstream subscriber on a specific scheduler.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            if isRemoved { return upstream.subscribe(subscriber) }
            let (scheduler, options) = (scheduler, options)
            let inner = _ScheduledForwarder(
                "ReceiveOn", downstream: subscriber, keepsDownstreamAfterEnd: true,
                subscriptionHop: { action in scheduler.schedule(options: options, action) }
            ) { action in
                scheduler.schedule(options: options, action)
            }
            upstream.subscribe(inner)
        }
    }
}

#endif
