import RehearsalBase

#if !canImport(Darwin)

extension Publisher {
    /// Collects elements by a given time-grouping strategy, and emits a single array of the collection.
    ///
    /// - `.byTime(scheduler, interval)`: every `interval` after the subscription, the elements collected since the
    ///   last emission are published as one array (nothing is published for an interval without elements).
    /// - `.byTimeOrCount(scheduler, interval, count)`: as `byTime`, and also as soon as `count` elements were
    ///   collected; that emission starts a new interval.
    ///
    /// Upstream is asked for `.unlimited`. An array waits for downstream demand. When upstream finishes, the
    /// collected elements are published before `finished`; a failure discards them. Intervals are measured on the
    /// scheduler: on a virtual scheduler, or a redirected `DispatchQueue`/`RunLoop` in a scenario, at virtual
    /// instants.
    ///
    ///     let sub = Timer.publish(every: 1.0, on: .main, in: .default)
    ///         .autoconnect()
    ///         .collect(.byTime(RunLoop.main, .seconds(5)))
    ///         .sink { print("\($0)", terminator: "\n\n") }
    ///     // Prints an array of five dates every five seconds.
    ///
    /// - Parameters:
    ///   - strategy: The timing group strategy used by the operator to collect and publish elements.
    ///   - options: Scheduler options to use for the strategy.
    public func collect<S: Scheduler>(
        _ strategy: Publishers.TimeGroupingStrategy<S>,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.CollectByTime<Self, S> {
        Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
    }
}

extension Publishers {
    /// A strategy for collecting received elements.
    public enum TimeGroupingStrategy<Context: Scheduler> {
        /// A grouping that collects and periodically publishes items.
        case byTime(Context, Context.SchedulerTimeType.Stride)
        /// A grouping that collects and publishes items periodically or when a buffer reaches a maximum size.
        case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
    }

    /// A publisher that buffers and periodically publishes its items.
    public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The kind of values published by this publisher: arrays of upstream elements.
        public typealias Output = [Upstream.Output]
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The strategy with which to collect and publish elements.
        public let strategy: TimeGroupingStrategy<Context>
        /// Scheduler options to use for the strategy.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that collects elements from `upstream` by `strategy`.
        public init(upstream: Upstream, strategy: TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.strategy = strategy
            self.options = options
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(_CollectByTimeInner(downstream: subscriber, strategy: strategy, options: options))
        }
    }
}

/// Collects upstream elements and publishes them when the strategy's interval elapses or its count is reached.
private final class _CollectByTimeInner<Downstream: Subscriber, Element, Context: Scheduler>: Subscriber,
    Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Downstream.Input == [Element] {
    typealias Input = Element
    typealias Failure = Downstream.Failure

    private let lock = _Lock()
    private let scheduler: Context
    private let interval: Context.SchedulerTimeType.Stride
    private let maxCount: Int?
    private let options: Context.SchedulerOptions?
    private var downstream: Downstream?
    private var upstream: Subscription?
    private var timer: Cancellable?
    private var collected: [Element] = []
    /// Arrays ready to publish, waiting for demand.
    private var ready = _FIFO<[Element]>()
    private var finished: Subscribers.Completion<Failure>?
    private var demand = Subscribers.Demand.none
    private var isDelivering = false

    init(downstream: Downstream, strategy: Publishers.TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?)
    {
        self.downstream = downstream
        self.options = options
        switch strategy {
        case .byTime(let scheduler, let interval):
            (self.scheduler, self.interval, maxCount) = (scheduler, interval, nil)
        case .byTimeOrCount(let scheduler, let interval, let count):
            (self.scheduler, self.interval, maxCount) = (scheduler, interval, Swift.max(1, count))
        }
    }

    var description: String { "CollectByTime" }
    var playgroundDescription: Any { description }
    var customMirror: Mirror { Mirror(self, children: [:]) }

    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        lock.unlock()
        restartTimer()
        downstream.receive(subscription: self)
        subscription.request(.unlimited)
    }

    func receive(_ input: Element) -> Subscribers.Demand {
        lock.lock()
        guard downstream != nil, finished == nil else {
            lock.unlock()
            return .none
        }
        collected.append(input)
        let isFull = maxCount.map { collected.count >= $0 } ?? false
        if isFull { closeGroupLocked() }
        lock.unlock()
        if isFull {
            restartTimer()
            deliver()
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard downstream != nil, finished == nil else {
            lock.unlock()
            return
        }
        upstream = nil
        let stopped = timer
        timer = nil
        if case .failure = completion {
            collected = []
            ready = _FIFO()
        } else {
            closeGroupLocked()
        }
        finished = completion
        lock.unlock()
        stopped?.cancel()
        deliver()
    }

    func request(_ more: Subscribers.Demand) {
        lock.withLock { demand += more }
        deliver()
    }

    func cancel() {
        lock.lock()
        let subscription = upstream, stopped = timer, released = downstream
        upstream = nil
        timer = nil
        downstream = nil
        collected = []
        ready = _FIFO()
        lock.unlock()
        stopped?.cancel()
        subscription?.cancel()
        withExtendedLifetime(released) {}
    }

    /// Moves the collected elements, if any, to the arrays ready to publish. Call under `lock`.
    private func closeGroupLocked() {
        guard !collected.isEmpty else { return }
        ready.append(collected)
        collected = []
    }

    /// Starts a new interval: the next tick is one `interval` from now, then every `interval`.
    private func restartTimer() {
        let next = scheduler.now.advanced(by: interval)
        let newTimer = scheduler.schedule(
            after: next, interval: interval, tolerance: scheduler.minimumTolerance, options: options
        ) {
            [weak self] in self?.tick()
        }
        lock.lock()
        let previous = timer
        timer = downstream == nil || finished != nil ? nil : newTimer
        let isStale = timer == nil
        lock.unlock()
        previous?.cancel()
        if isStale { newTimer.cancel() }
    }

    private func tick() {
        lock.withLock { closeGroupLocked() }
        deliver()
    }

    /// Publishes ready arrays while there is demand, then the completion once nothing is left.
    private func deliver() {
        lock.lock()
        guard !isDelivering else {
            lock.unlock()
            return
        }
        isDelivering = true
        while let subscriber = downstream {
            if demand > 0, let group = ready.popFirst() {
                demand -= 1
                lock.unlock()
                let more = subscriber.receive(group)
                lock.lock()
                demand += more
                continue
            }
            guard let completion = finished, ready.isEmpty || isFailure(completion) else { break }
            downstream = nil
            isDelivering = false
            lock.unlock()
            subscriber.receive(completion: completion)
            return
        }
        isDelivering = false
        lock.unlock()
    }

    private func isFailure(_ completion: Subscribers.Completion<Failure>) -> Bool {
        if case .failure = completion { return true }
        return false
    }
}

#endif
