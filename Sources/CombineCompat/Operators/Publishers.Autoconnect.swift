import RehearsalBase

#if !canImport(Darwin)

extension Publishers {
    /// A publisher that automatically connects to an upstream connectable publisher.
    ///
    /// The first subscriber connects the upstream, after it is attached, so it sees the first value. The connection
    /// is counted by subscriber and cancelled when the last subscriber cancels: a completion passes through and
    /// changes nothing, so a subscriber that comes after the upstream completed attaches to the completed upstream
    /// (for `share()`, it receives only the completion) instead of connecting again. A subscriber after the last
    /// cancel connects anew. Every cancel reaches the upstream subscription, also once nothing is connected.
    ///
    /// As in Combine, a subscriber that subscribes while the first connection is being made (from inside its
    /// `receive(subscription:)`) connects once more; the count then follows the later connection only.
    public class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public final let upstream: Upstream

        private let lock = _Lock()
        /// The connection while connected; `nil` while disconnected.
        private var connection: Cancellable?
        /// The subscribers counted on the connection.
        private var refcount = 0

        /// Creates a publisher that automatically connects to an upstream connectable publisher.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches a subscriber, connecting the upstream when nothing is connected.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = _AutoconnectInner(parent: self, downstream: subscriber)
            lock.lock()
            if connection != nil {
                refcount += 1
                lock.unlock()
                upstream.subscribe(inner)
                return
            }
            lock.unlock()
            upstream.subscribe(inner)
            let made = upstream.connect()
            lock.lock()
            // A subscriber that subscribed meanwhile connected too: Combine keeps the later connection and drops
            // the earlier one unused (released, not cancelled).
            let dropped = connection
            connection = made
            refcount = 1
            lock.unlock()
            _ = consume dropped
        }

        /// One subscriber cancelled (counted once per subscriber): the last one disconnects.
        fileprivate func subscriberCancelled() {
            lock.lock()
            guard connection != nil else {
                lock.unlock()
                return
            }
            var closing: Cancellable?
            if refcount <= 1 {
                swap(&closing, &connection)
                refcount = 0
            } else {
                refcount -= 1
            }
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

/// What the upstream sees of one subscriber of `autoconnect()`: it passes everything on unchanged (values and
/// completions, also after a completion) and hands the downstream an ``_AutoconnectSubscription``.
///
/// Upstream sees this as "Autoconnect", showing its parent and downstream (the OpenCombine suite, whose
/// compatibility mode runs against Apple's Combine: AutoconnectTests.testAutoconnectReflection).
private final class _AutoconnectInner<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscriber,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let parent: Publishers.Autoconnect<Upstream>
    private let downstream: Downstream

    init(parent: Publishers.Autoconnect<Upstream>, downstream: Downstream) {
        self.parent = parent
        self.downstream = downstream
    }

    var description: String { "Autoconnect" }
    var playgroundDescription: Any { description }
    var customMirror: Mirror { Mirror(self, children: ["parent": parent, "downstream": downstream]) }

    func receive(subscription: Subscription) {
        downstream.receive(subscription: _AutoconnectSubscription(parent: parent, upstream: subscription))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}

/// What a subscriber of `autoconnect()` holds: the upstream's subscription, with the same identity and description,
/// whose first cancel also counts the subscriber out of the connection.
private final class _AutoconnectSubscription<Upstream: ConnectablePublisher>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    private let lock = _Lock()
    private var parent: Publishers.Autoconnect<Upstream>?
    private let upstream: Subscription

    init(parent: Publishers.Autoconnect<Upstream>, upstream: Subscription) {
        self.parent = parent
        self.upstream = upstream
    }

    var combineIdentifier: CombineIdentifier { upstream.combineIdentifier }
    var description: String { String(describing: upstream) }
    var playgroundDescription: Any { description }
    var customMirror: Mirror { Mirror(reflecting: upstream) }

    func request(_ demand: Subscribers.Demand) { upstream.request(demand) }

    func cancel() {
        lock.lock()
        let leaving = parent
        parent = nil
        lock.unlock()
        leaving?.subscriberCancelled()
        upstream.cancel()
    }
}

#endif
