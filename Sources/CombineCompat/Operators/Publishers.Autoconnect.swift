#if !canImport(Darwin)

extension Publishers {
    /// A publisher that automatically connects to an upstream connectable publisher.
    ///
    /// The first subscriber connects the upstream (after it is attached, so it sees the first value). When the last
    /// subscriber cancels or the stream completes, the connection is cancelled; a later subscriber connects again.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public final let upstream: Upstream

        private let lock = _Lock()
        private var connection: Cancellable?
        private var subscriberCount = 0
        private var isConnecting = false

        /// Creates a publisher that automatically connects to an upstream connectable publisher.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches a subscriber, connecting the upstream if it is the first one.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lock.lock()
            subscriberCount += 1
            let shouldConnect = connection == nil && !isConnecting
            if shouldConnect { isConnecting = true }
            lock.unlock()
            upstream.subscribe(_AutoconnectInner(parent: self, downstream: subscriber))
            guard shouldConnect else { return }
            let newConnection = upstream.connect()
            lock.lock()
            isConnecting = false
            let stale = subscriberCount == 0
            if !stale { connection = newConnection }
            lock.unlock()
            if stale { newConnection.cancel() }
        }

        fileprivate func subscriberLeft() {
            lock.lock()
            subscriberCount -= 1
            let closing = subscriberCount == 0 ? connection : nil
            if closing != nil { connection = nil }
            lock.unlock()
            closing?.cancel()
        }
    }
}

extension ConnectablePublisher {
    /// Automates the process of connecting or disconnecting from this connectable publisher.
    ///
    /// ```swift
    /// let ticks = source.makeConnectable().autoconnect()    // connects at the first subscriber
    /// ```
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}

/// Tells the autoconnect publisher when its subscriber leaves (cancel or completion), exactly once.
///
/// Upstream sees this as "Autoconnect", showing its parent and downstream; the downstream receives a
/// ``_AutoconnectSubscription`` that shows itself as the upstream's subscription, so `share()` hands its
/// subscribers a "Multicast" as Combine's does (the OpenCombine suite, whose compatibility mode runs against Apple's
/// Combine: AutoconnectTests.testReflection, ShareTests).
private final class _AutoconnectInner<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscriber,
    Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = _Lock()
    private var parent: Publishers.Autoconnect<Upstream>?
    private let downstream: Downstream
    private var upstream: Subscription?

    init(parent: Publishers.Autoconnect<Upstream>, downstream: Downstream) {
        self.parent = parent
        self.downstream = downstream
    }

    var description: String { "Autoconnect" }
    var playgroundDescription: Any { description }

    var customMirror: Mirror {
        lock.lock()
        defer { lock.unlock() }
        return Mirror(self, children: ["parent": parent as Any, "downstream": downstream])
    }

    func receive(subscription: Subscription) {
        lock.withLock { upstream = subscription }
        downstream.receive(subscription: _AutoconnectSubscription(inner: self, upstream: subscription))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        leave()?.subscriberLeft()
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let subscription = upstream
        lock.unlock()
        subscription?.request(demand)
    }

    func cancel() {
        lock.lock()
        let subscription = upstream
        upstream = nil
        lock.unlock()
        subscription?.cancel()
        leave()?.subscriberLeft()
    }

    private func leave() -> Publishers.Autoconnect<Upstream>? {
        lock.lock()
        defer { lock.unlock() }
        let leaving = parent
        parent = nil
        return leaving
    }
}

/// What a subscriber of `autoconnect()` holds: requests and cancellation go through the autoconnect inner, and it
/// describes itself as the subscription it stands for.
private final class _AutoconnectSubscription: Subscription, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    private let inner: Subscription
    private let upstream: Subscription

    init(inner: Subscription, upstream: Subscription) {
        self.inner = inner
        self.upstream = upstream
    }

    var combineIdentifier: CombineIdentifier { inner.combineIdentifier }
    var description: String { String(describing: upstream) }
    var playgroundDescription: Any {
        (upstream as? CustomPlaygroundDisplayConvertible)?.playgroundDescription ?? description
    }
    var customMirror: Mirror { Mirror(reflecting: upstream) }

    func request(_ demand: Subscribers.Demand) { inner.request(demand) }
    func cancel() { inner.cancel() }
}

#endif
