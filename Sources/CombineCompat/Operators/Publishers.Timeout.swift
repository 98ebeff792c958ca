#if !canImport(Darwin)

extension Publisher {
    /// Terminates publishing if the upstream publisher exceeds the specified time interval without producing an
    /// element.
    ///
    /// A timer of `interval` starts when the subscription arrives and restarts with every value. If it fires
    /// before the next value or completion, upstream is cancelled and the downstream receives
    /// `.failure(customError())`, or `.finished` when `customError` is nil. A value or completion that arrives at
    /// exactly the due instant wins only if it reaches the operator before the timer action runs (scheduler order).
    /// Values and completion are delivered through `scheduler.schedule(options:_:)`, like `receive(on:)`; demand
    /// passes straight through to upstream.
    ///
    /// ```swift
    /// let cancellable = request
    ///     .timeout(.seconds(5), scheduler: DispatchQueue.main, customError: { APIError.timedOut })
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
    /// // after 5 s of silence, Prints: "failure(APIError.timedOut)"
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The maximum time interval the publisher can go without emitting an element.
    ///   - scheduler: The scheduler to deliver events on.
    ///   - options: Scheduler options that customize the delivery of elements.
    ///   - customError: A closure that produces the error to fail with; finish normally when nil.
    /// - Returns: A publisher that terminates if the specified interval elapses with no events received.
    public func timeout<S: Scheduler>(
        _ interval: S.SchedulerTimeType.Stride,
        scheduler: S,
        options: S.SchedulerOptions? = nil,
        customError: (() -> Failure)? = nil, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.Timeout<Self, S> {
        Publishers.Timeout(
            upstream: self, interval: MutationSeam.interval(interval, .timeout, file: file, line: line, column: column),
            scheduler: scheduler, options: options, customError: customError)
    }
}

extension Publishers {
    /// A publisher that terminates if its upstream goes too long without producing an element.
    public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The maximum time interval the publisher can go without emitting an element.
        public let interval: Context.SchedulerTimeType.Stride
        /// The scheduler on which to deliver events.
        public let scheduler: Context
        /// Scheduler options that customize the delivery of elements.
        public let options: Context.SchedulerOptions?
        /// A closure that produces the error to fail with if the timeout elapses; nil finishes normally.
        public let customError: (() -> Upstream.Failure)?

        /// Creates a publisher that terminates if its upstream goes too long without producing an element.
        public init(
            upstream: Upstream,
            interval: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            options: Context.SchedulerOptions?,
            customError: (() -> Publishers.Timeout<Upstream, Context>.Failure)?
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.options = options
            self.customError = customError
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, publisher: self))
        }
    }
}

extension Publishers.Timeout {
    private final class Inner<Downstream: Subscriber>: _ScheduledForwarder<Downstream>, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let publisher: Publishers.Timeout<Upstream, Context>
        /// Bumped by every event; a timer only fires if its ticket still matches.
        private var generation: UInt64 = 0

        init(downstream: Downstream, publisher: Publishers.Timeout<Upstream, Context>) {
            self.publisher = publisher
            let (scheduler, options) = (publisher.scheduler, publisher.options)
            super.init("Timeout", downstream: downstream) { action in scheduler.schedule(options: options, action) }
        }

        /// Whether the subscriber has requested anything yet: its first request starts the timer again, as
        /// Combine's does (the OpenCombine suite, whose compatibility mode runs against Apple's Combine:
        /// TimeoutTests.testRequest*).
        private var hasRequested = false

        override func receive(subscription: Subscription) {
            if attach(subscription) { restartTimer() }
        }

        override func request(_ demand: Subscribers.Demand) {
            lock.lock()
            let first = !hasRequested
            hasRequested = true
            lock.unlock()
            super.request(demand)
            if first { restartTimer() }
        }

        override func receive(_ input: Output) -> Subscribers.Demand {
            restartTimer()
            return super.receive(input)
        }

        override func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            generation &+= 1
            lock.unlock()
            super.receive(completion: completion)
        }

        private func restartTimer() {
            lock.lock()
            guard !upstreamCompleted else {
                lock.unlock()
                return
            }
            generation &+= 1
            let ticket = generation
            lock.unlock()
            let scheduler = publisher.scheduler
            scheduler.schedule(
                after: scheduler.now.advanced(by: publisher.interval),
                tolerance: scheduler.minimumTolerance,
                options: publisher.options
            ) { [self] in
                fire(ticket)
            }
        }

        private func fire(_ ticket: UInt64) {
            lock.lock()
            let expired = ticket == generation && !upstreamCompleted
            let subscription = upstream
            lock.unlock()
            guard expired, markUpstreamCompleted() else { return }
            subscription?.cancel()
            deliver(completion: publisher.customError.map { .failure($0()) } ?? .finished)
        }
    }
}

#endif
