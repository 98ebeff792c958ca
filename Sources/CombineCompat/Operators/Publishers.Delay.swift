#if !canImport(Darwin)

extension Publisher {
    /// Delays delivery of all output to the downstream receiver by a specified amount of time on a particular
    /// scheduler.
    ///
    /// A value or completion that upstream sends at scheduler time `t` reaches the downstream at `t + interval`
    /// (measured with `scheduler.now` when it arrived), through `schedule(after:tolerance:options:_:)`; events due
    /// at the same instant keep upstream order (the scheduler's insertion order). Failures are delayed like
    /// values. Demand passes straight through to upstream.
    ///
    /// ```swift
    /// let cancellable = subject
    ///     .delay(for: .seconds(1), scheduler: DispatchQueue.main)
    ///     .sink { print($0) }
    /// subject.send(1)   // at 0 s
    /// // at 1 s, Prints: "1"
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The amount of time to delay.
    ///   - tolerance: The allowed tolerance in firing delayed events (the scheduler's minimum when nil).
    ///   - scheduler: The scheduler to deliver the delayed events.
    ///   - options: Options relevant to the scheduler's behavior.
    /// - Returns: A publisher that delays delivery of elements and completion to the downstream receiver.
    public func delay<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride,
        tolerance: S.SchedulerTimeType.Stride? = nil,
        scheduler: S,
        options: S.SchedulerOptions? = nil, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.Delay<Self, S> {
        Publishers.Delay(
            upstream: self,
            interval: MutationSeam.interval(interval, .delay, file: file, line: line, column: column),
            tolerance: tolerance ?? scheduler.minimumTolerance,
            scheduler: scheduler,
            options: options
        )
    }
}

extension Publishers {
    /// A publisher that delays delivery of elements and completion to the downstream receiver.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream
        /// The amount of time to delay.
        public let interval: Context.SchedulerTimeType.Stride
        /// The allowed tolerance in firing delayed events.
        public let tolerance: Context.SchedulerTimeType.Stride
        /// The scheduler to deliver the delayed events.
        public let scheduler: Context
        /// Options relevant to the scheduler's behavior.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that delays delivery of elements and completion to the downstream receiver.
        public init(
            upstream: Upstream,
            interval: Context.SchedulerTimeType.Stride,
            tolerance: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            options: Context.SchedulerOptions? = nil
        ) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (interval, tolerance, scheduler, options) = (interval, tolerance, scheduler, options)
            let inner = _ScheduledForwarder(
                "Delay", downstream: subscriber,
                subscriptionHop: { action in scheduler.schedule(options: options, action) }
            ) { action in
                scheduler.schedule(
                    after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, action)
            }
            upstream.subscribe(inner)
        }
    }
}

#endif
