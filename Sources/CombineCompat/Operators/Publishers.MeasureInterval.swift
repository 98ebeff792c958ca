import RehearsalBase

#if !canImport(Darwin)

extension Publisher {
    /// Measures and emits the time interval between events received from an upstream publisher.
    ///
    /// The first interval is measured from the subscription; each later one from the previous element, reading
    /// `scheduler.now` (on a virtual scheduler, or a redirected `DispatchQueue`/`RunLoop` in a scenario, intervals
    /// are virtual). The demand a subscriber returns for an interval is requested from upstream, not returned.
    ///
    ///     cancellable = Timer.publish(every: 1, on: .main, in: .default)
    ///         .autoconnect()
    ///         .measureInterval(using: RunLoop.main)
    ///         .sink { print("\($0)", terminator: "\n") }
    ///
    ///     // Prints:
    ///     //      Stride(magnitude: 1.0013610124588013)
    ///     //      Stride(magnitude: 0.9992760419845581)
    ///
    /// - Parameters:
    ///   - scheduler: A scheduler to use for tracking the timing of events.
    ///   - options: Options that customize the delivery of elements (unused: no work is scheduled).
    public func measureInterval<S: Scheduler>(
        using scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.MeasureInterval<Self, S> {
        Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
    }
}

extension Publishers {
    /// A publisher that measures and emits the time interval between events received from an upstream publisher.
    public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The kind of values published by this publisher: the scheduler's stride.
        public typealias Output = Context.SchedulerTimeType.Stride
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The scheduler used for tracking the timing of events.
        public let scheduler: Context

        /// Creates a publisher that measures the intervals between events from `upstream` on `scheduler`.
        public init(upstream: Upstream, scheduler: Context) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                _MeasureIntervalInner<Upstream, Context, S>(downstream: subscriber, scheduler: scheduler))
        }
    }
}

private final class _MeasureIntervalInner<Upstream: Publisher, Context: Scheduler, Downstream: Subscriber>:
    Subscriber, Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible,
    @unchecked Sendable
where Downstream.Input == Context.SchedulerTimeType.Stride, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = _Lock()
    private let scheduler: Context
    private var downstream: Downstream?
    private var upstream: Subscription?
    private var last: Context.SchedulerTimeType?
    /// The downstream, kept after the stream ends as Combine's subscription keeps it: a subscriber that holds on
    /// to its subscription stays alive with it (the OpenCombine suite, whose compatibility mode runs against
    /// Apple's Combine: `testLifecycle(cancellingSubscriptionReleasesSubscriber: false)`).
    private var endedDownstream: Downstream?

    init(downstream: Downstream, scheduler: Context) {
        self.downstream = downstream
        self.scheduler = scheduler
    }

    var description: String { "MeasureInterval" }
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
        let start = scheduler.now
        lock.withLock { last = start }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let now = scheduler.now
        lock.lock()
        guard let downstream, let previous = last else {
            lock.unlock()
            return .none
        }
        last = now
        lock.unlock()
        let demand = downstream.receive(previous.distance(to: now))
        if demand > 0 { lock.withLock { upstream }?.request(demand) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let finishing = downstream
        if endedDownstream == nil { endedDownstream = downstream }
        downstream = nil
        upstream = nil
        lock.unlock()
        finishing?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { upstream }?.request(demand)
    }

    func cancel() {
        lock.lock()
        let subscription = upstream
        upstream = nil
        let released = downstream
        if endedDownstream == nil { endedDownstream = downstream }
        downstream = nil
        lock.unlock()
        subscription?.cancel()
        withExtendedLifetime(released) {}
    }
}

#endif
