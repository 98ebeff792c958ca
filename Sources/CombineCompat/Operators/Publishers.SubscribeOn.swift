#if !canImport(Darwin)

extension Publisher {
    /// Specifies the scheduler on which to perform subscribe, cancel, and request operations.
    ///
    /// Subscribing to upstream, and every later `request` and `cancel`, are handed to
    /// `scheduler.schedule(options:_:)` and so happen at the scheduler's current instant in the order they were
    /// made. Values and completion are not moved: they arrive on whatever context upstream uses (combine with
    /// `receive(on:)` for that).
    ///
    /// ```swift
    /// let cancellable = expensiveWork          // publishes 42 when subscribed
    ///     .subscribe(on: DispatchQueue.global())
    ///     .receive(on: DispatchQueue.main)
    ///     .sink { print($0) }
    /// // Prints: "42" (work started on a global queue, delivered on the main queue)
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler used to send messages to upstream publishers.
    ///   - options: Options that customize the delivery of elements.
    /// - Returns: A publisher which performs upstream operations on the specified scheduler.
    public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
        -> Publishers.SubscribeOn<Self, S>
    {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that receives elements from an upstream publisher on a specific scheduler.
    public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The scheduler the publisher should use to receive elements.
        public let scheduler: Context
        /// Scheduler options that customize the delivery of elements.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that subscribes to its upstream on a specific scheduler.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, scheduler: scheduler, options: options)
            let upstream = upstream
            scheduler.schedule(options: options) { upstream.subscribe(inner) }
        }
    }
}

extension Publishers.SubscribeOn {
    private final class Inner<Downstream: Subscriber>: _TimedInner<Downstream>, Subscriber, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Output
        private let scheduler: Context
        private let options: Context.SchedulerOptions?

        init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.scheduler = scheduler
            self.options = options
            super.init("SubscribeOn", downstream: downstream, keepsDownstreamAfterEnd: true)
        }

        func receive(subscription: Subscription) {
            attach(subscription)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            lock.lock()
            let target = upstreamCompleted ? nil : downstream
            lock.unlock()
            return target?.receive(input) ?? .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            deliver(completion: completion)
        }

        override func request(_ demand: Subscribers.Demand) {
            guard let subscription = currentUpstream() else { return }
            scheduler.schedule(options: options) { subscription.request(demand) }
        }

        override func cancel() {
            guard let subscription = endStream().upstream else { return }
            scheduler.schedule(options: options) { subscription.cancel() }
        }
    }
}

#endif
