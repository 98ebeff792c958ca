#if !canImport(Darwin)

extension Publisher {
    /// Publishes either the most-recent or first element published by the upstream publisher in the specified
    /// time interval.
    ///
    /// Timing, in scheduler time:
    /// - A value that arrives when no window is open (including the very first value) is published at once,
    ///   through `scheduler.schedule(options:_:)`, and opens a window of `interval`.
    /// - Values arriving sooner are collected; one is published at `lastPublication + interval` (the most recent
    ///   one when `latest` is true, the first one otherwise), which opens the next window.
    /// - When upstream finishes, a value still waiting for its window is published right away, then the
    ///   completion (both through `scheduler.schedule(options:_:)`); a failure discards it.
    /// - A value published while the downstream has no demand is dropped. Upstream is asked for unlimited values.
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
    public func throttle<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool)
        -> Publishers.Throttle<Self, S>
    {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
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
    private final class Inner<Downstream: Subscriber>: _TimedInner<Downstream>, Subscriber, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Output
        private let publisher: Publishers.Throttle<Upstream, Context>
        private var pending: Output?
        private var lastPublication: Context.SchedulerTimeType?
        private var publicationScheduled = false

        init(downstream: Downstream, publisher: Publishers.Throttle<Upstream, Context>) {
            self.publisher = publisher
            super.init(downstream: downstream)
        }

        func receive(subscription: Subscription) {
            if attach(subscription) { subscription.request(.unlimited) }
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            let scheduler = publisher.scheduler
            let now = scheduler.now
            lock.lock()
            guard !upstreamCompleted else {
                lock.unlock()
                return .none
            }
            if publicationScheduled {
                if publisher.latest || pending == nil { pending = input }
                lock.unlock()
                return .none
            }
            if let windowEnd = lastPublication?.advanced(by: publisher.interval), now < windowEnd {
                pending = input
                publicationScheduled = true
                lock.unlock()
                scheduler.schedule(after: windowEnd, tolerance: scheduler.minimumTolerance, options: nil) {
                    [self] in
                    publishPending()
                }
            } else {
                lastPublication = now
                lock.unlock()
                scheduler.schedule(options: nil) { [self] in deliverMetered(input) }
            }
            return .none
        }

        private func publishPending() {
            let now = publisher.scheduler.now
            lock.lock()
            publicationScheduled = false
            let value = pending
            pending = nil
            if value != nil { lastPublication = now }
            lock.unlock()
            if let value { deliverMetered(value) }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard markUpstreamCompleted() else { return }
            lock.lock()
            var flushed = pending
            pending = nil
            lock.unlock()
            if case .failure = completion { flushed = nil }
            publisher.scheduler.schedule(options: nil) { [self] in
                if let flushed { deliverMetered(flushed) }
                deliver(completion: completion)
            }
        }
    }
}

#endif
