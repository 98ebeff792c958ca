import RehearsalBase

#if !canImport(Darwin)

extension Publisher {
    /// Publishes either the most-recent or first element published by the upstream publisher in the specified
    /// time interval.
    ///
    /// Timing, in scheduler time, as Combine does it (the OpenCombine suite, whose compatibility mode runs against
    /// Apple's Combine, records it in ThrottleTests):
    /// - A value that arrives when no publication is pending schedules one: at once
    ///   (`scheduler.schedule(options:_:)`) if the last publication is `interval` or more ago (or there was none),
    ///   otherwise at `lastPublication + interval`.
    /// - Until that publication runs, arriving values are collected; it publishes the most recent of them when
    ///   `latest` is true, the first one otherwise. So a burst 1, 2, 3 sent before the first publication runs
    ///   publishes 3 (`latest`) or 1, once.
    /// - A value that arrives while the downstream has no demand is dropped. Upstream is asked for unlimited values.
    /// - A completion (finished or failed) waits for a pending publication and follows it; with none pending it
    ///   is scheduled at once.
    ///
    /// ```swift
    /// let cancellable = taps   // taps at 0, 100, 200 and 1 200 ms
    ///     .throttle(for: .milliseconds(500), scheduler: DispatchQueue.main, latest: true)
    ///     .sink { print($0) }
    /// // Prints the tap of 0 ms at 0 ms, the tap of 200 ms at 500 ms, the tap of 1 200 ms at 1 200 ms
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The interval at which to find and emit either the most recent or the first element.
    ///   - scheduler: The scheduler on which to publish elements.
    ///   - latest: Whether to publish the most recent element (true) or the first element (false) of a window.
    /// - Returns: A publisher that emits elements representative of the specified interval.
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool, file: StaticString = #fileID,
        line: UInt = #line, column: UInt = #column
    ) -> Publishers.Throttle<Self, S> {
        let interval = MutationSeam.interval(interval, .throttle, file: file, line: line, column: column)
        return Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}

extension Publishers {
    /// A publisher that publishes either the most-recent or first element published by the upstream publisher in
    /// a specified time interval.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The interval in which to find and emit the most recent element.
        public let interval: Context.SchedulerTimeType.Stride
        /// The scheduler on which to publish elements.
        public let scheduler: Context
        /// A Boolean value indicating whether to publish the most recent element.
        public let latest: Bool

        /// Creates a publisher that throttles its upstream.
        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, publisher: self))
        }
    }
}

extension Publishers.Throttle {
    /// The subscription of `throttle`: it holds the values collected for the next publication.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Output

        private let publisher: Publishers.Throttle<Upstream, Context>
        private let lock = _Lock()
        private var downstream: Downstream?
        private var upstream: Subscription?
        private var isTerminated = false
        private var demand = Subscribers.Demand.none
        private var newest: Output?
        private var oldest: Output?
        private var lastPublication: Context.SchedulerTimeType?
        private var publicationScheduled = false
        private var pendingCompletion: Subscribers.Completion<Failure>?

        init(downstream: Downstream, publisher: Publishers.Throttle<Upstream, Context>) {
            self.downstream = downstream
            self.publisher = publisher
        }

        var description: String { "Throttle" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: Subscription) {
            lock.lock()
            guard upstream == nil, !isTerminated, let downstream else {
                lock.unlock()
                subscription.cancel()
                return
            }
            upstream = subscription
            lock.unlock()
            downstream.receive(subscription: self)
            subscription.request(.unlimited)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            let scheduler = publisher.scheduler
            let now = scheduler.now
            lock.lock()
            guard upstream != nil, !isTerminated, pendingCompletion == nil, demand.rawValue > 0 else {
                lock.unlock()
                return .none
            }
            newest = input
            if oldest == nil { oldest = input }
            guard !publicationScheduled else {
                lock.unlock()
                return .none
            }
            publicationScheduled = true
            let last = lastPublication
            lock.unlock()
            if let last, last.distance(to: now) < publisher.interval {
                scheduler.schedule(
                    after: last.advanced(by: publisher.interval), tolerance: scheduler.minimumTolerance, options: nil
                ) {
                    [self] in
                    publish()
                }
            } else {
                scheduler.schedule(options: nil) { [self] in publish() }
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard upstream != nil, !isTerminated, pendingCompletion == nil else {
                lock.unlock()
                return
            }
            upstream = nil
            pendingCompletion = completion
            let scheduleNow = !publicationScheduled
            publicationScheduled = true
            lock.unlock()
            if scheduleNow { publisher.scheduler.schedule(options: nil) { [self] in publish() } }
        }

        /// The scheduled publication: the collected value (if any, and if demand allows), then a completion that
        /// arrived meanwhile.
        private func publish() {
            let now = publisher.scheduler.now
            lock.lock()
            guard !isTerminated, let target = downstream else {
                lock.unlock()
                return
            }
            publicationScheduled = false
            lastPublication = now
            var value = publisher.latest ? newest : oldest
            newest = nil
            oldest = nil
            if value != nil {
                if demand.rawValue == 0 {
                    value = nil
                } else if demand != .unlimited {
                    demand = Subscribers.Demand(rawValue: demand.rawValue - 1)
                }
            }
            let completion = pendingCompletion
            if completion != nil {
                isTerminated = true
                downstream = nil
            }
            lock.unlock()
            if let value {
                let more = target.receive(value)
                if more.rawValue != 0 {
                    lock.lock()
                    if !isTerminated { demand += more }
                    lock.unlock()
                }
            }
            if let completion { target.receive(completion: completion) }
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            if !isTerminated { self.demand += demand }
            lock.unlock()
        }

        func cancel() {
            lock.lock()
            let subscription = upstream
            let released = downstream
            isTerminated = true
            upstream = nil
            downstream = nil
            newest = nil
            oldest = nil
            lock.unlock()
            subscription?.cancel()
            withExtendedLifetime(released) {}
        }
    }
}

#endif
