#if !canImport(Darwin)

extension Publisher {
    /// Publishes elements only after a specified time interval elapses between events.
    ///
    /// Each value (re)starts a quiet period: the latest value is published on `scheduler` at
    /// `scheduler.now + dueTime` as measured when that value arrived, unless another value arrives first. Timing:
    /// - A value arriving at exactly the due instant of the previous one replaces it only if it arrives before the
    ///   scheduled delivery runs; ties follow the scheduler's (time, scheduling order) rule.
    /// - When upstream finishes or fails, a pending value is discarded (as in Apple's Combine, where a
    ///   `Future` or single-value request followed by `debounce` delivers only the completion); the completion is
    ///   delivered through `scheduler.schedule(options:_:)`, i.e. at the current scheduler instant, after work
    ///   already queued for it.
    /// - A value that falls due while the downstream has no demand is dropped. Upstream is asked for unlimited
    ///   values.
    ///
    /// ```swift
    /// let subject = PassthroughSubject<String, Never>()
    /// let cancellable = subject
    ///     .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
    ///     .sink { print($0) }
    /// subject.send("s"); subject.send("sw")   // both at 0 ms
    /// // at 300 ms, Prints: "sw"
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The time the publisher should wait before publishing an element.
    ///   - scheduler: The scheduler on which this publisher delivers elements.
    ///   - options: Scheduler options that customize this publisher's delivery of elements.
    /// - Returns: A publisher that publishes events only after a specified time elapses.
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride,
        scheduler: S,
        options: S.SchedulerOptions? = nil, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.Debounce<Self, S> {
        let dueTime = MutationSeam.interval(dueTime, .debounce, file: file, line: line, column: column)
        return Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that publishes elements only after a specified time interval elapses between events.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The amount of time the publisher should wait before publishing an element.
        public let dueTime: Context.SchedulerTimeType.Stride
        /// The scheduler on which this publisher delivers elements.
        public let scheduler: Context
        /// Scheduler options that customize this publisher's delivery of elements.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that publishes elements only after a specified time interval elapses between events.
        public init(
            upstream: Upstream,
            dueTime: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, publisher: self))
        }
    }
}

extension Publishers.Debounce {
    private final class Inner<Downstream: Subscriber>: _TimedInner<Downstream>, Subscriber, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Output
        private let publisher: Publishers.Debounce<Upstream, Context>
        /// Bumped by every value and by completion; a scheduled delivery only runs if it still matches.
        private var generation: UInt64 = 0
        private var pending: Output?

        init(downstream: Downstream, publisher: Publishers.Debounce<Upstream, Context>) {
            self.publisher = publisher
            super.init("Debounce", downstream: downstream)
        }

        /// As Combine's debounce subscription shows itself (the OpenCombine suite, whose compatibility mode runs
        /// against Apple's Combine): the downstream, its outstanding demand and the value waiting to be published.
        override var customMirror: Mirror {
            lock.lock()
            defer { lock.unlock() }
            return Mirror(
                self,
                children: [
                    "downstream": downstream as Any, "downstreamDemand": demand, "currentValue": pending as Any,
                ])
        }

        func receive(subscription: Subscription) {
            if attach(subscription) { subscription.request(.unlimited) }
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            lock.lock()
            guard !upstreamCompleted else {
                lock.unlock()
                return .none
            }
            generation &+= 1
            let ticket = generation
            pending = input
            lock.unlock()
            let due = publisher.scheduler.now.advanced(by: publisher.dueTime)
            publisher.scheduler.schedule(
                after: due, tolerance: publisher.scheduler.minimumTolerance, options: publisher.options
            ) { [self] in
                fire(ticket)
            }
            return .none
        }

        private func fire(_ ticket: UInt64) {
            lock.lock()
            guard ticket == generation, let value = pending else {
                lock.unlock()
                return
            }
            pending = nil
            lock.unlock()
            deliverMetered(value)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            generation &+= 1
            let dropped = pending
            pending = nil
            lock.unlock()
            _ = dropped
            guard markUpstreamCompleted() else { return }
            // Combine schedules the completion without the operator's options (DebounceTests.testBasicBehavior).
            publisher.scheduler.schedule(options: nil) { [self] in
                deliver(completion: completion)
            }
        }
    }
}

#endif
