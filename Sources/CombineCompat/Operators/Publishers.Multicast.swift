import RehearsalBase

#if !canImport(Darwin)

extension Publishers {
    /// A publisher that uses a subject to deliver elements to multiple subscribers.
    ///
    /// Subscribers attach to the subject; nothing flows until `connect()` subscribes the subject to the upstream.
    /// The subject is created once, at the first subscription or connection.
    public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher
    where SubjectType.Output == Upstream.Output, SubjectType.Failure == Upstream.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream

        /// A closure to create a new subject, called once.
        public let createSubject: () -> SubjectType

        private let lock = _Lock()
        private var createdSubject: SubjectType?

        /// Creates a multicast publisher that uses the subject from `createSubject` to deliver elements.
        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        private var subject: SubjectType {
            lock.lock()
            if let createdSubject {
                lock.unlock()
                return createdSubject
            }
            lock.unlock()
            let fresh = createSubject()
            lock.lock()
            defer { lock.unlock() }
            if let createdSubject { return createdSubject }
            createdSubject = fresh
            return fresh
        }

        /// Attaches a subscriber to the shared subject; values flow once `connect()` is called.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subject.subscribe(_MulticastInner(downstream: subscriber))
        }

        /// Subscribes the subject to the upstream; cancel the result to disconnect.
        public func connect() -> Cancellable {
            upstream.subscribe(subject)
        }
    }
}

/// Stands between the multicast's subject and one subscriber, which receives this as its subscription: Combine's
/// multicast subscription is "Multicast", with no children, whatever the subject (the OpenCombine suite, whose
/// compatibility mode runs against Apple's Combine: MulticastTests.testGenericMulticastReflection).
///
/// The demand a value returns is asked of the subject's subscription at once and `.none` returned to the subject;
/// a second subscription is cancelled; after the completion or a cancel nothing more reaches the subscriber, and
/// the subject's subscription is cancelled once (MulticastTests.testInnerSubscriber, testInnerSubscription,
/// testMulticastReceiveSubscriptionTwice).
final class _MulticastInner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = _Lock()
    private var downstream: Downstream?
    private var upstream: Subscription?
    private var isSubscribed = false

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var description: String { "Multicast" }
    var playgroundDescription: Any { description }
    var customMirror: Mirror { Mirror(self, children: [:]) }

    func receive(subscription: Subscription) {
        lock.lock()
        guard !isSubscribed, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        isSubscribed = true
        upstream = subscription
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let (target, subscription) = (downstream, upstream)
        lock.unlock()
        guard let target else { return .none }
        let more = target.receive(input)
        if more > 0 { subscription?.request(more) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let target = downstream
        downstream = nil
        upstream = nil
        lock.unlock()
        target?.receive(completion: completion)
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
        let released = downstream
        upstream = nil
        downstream = nil
        lock.unlock()
        subscription?.cancel()
        _ = consume released
    }
}

extension Publisher {
    /// Applies a closure to create a subject that delivers elements to subscribers, once `connect()` is called.
    ///
    /// ```swift
    /// let shared = loads.multicast { PassthroughSubject<Page, Error>() }
    /// let first = shared.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// let connection = shared.connect()
    /// ```
    public func multicast<S: Subject>(
        _ createSubject: @escaping () -> S
    ) -> Publishers.Multicast<Self, S> where S.Output == Output, S.Failure == Failure {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    /// Provides a subject to deliver elements to multiple subscribers, once `connect()` is called.
    public func multicast<S: Subject>(
        subject: S
    ) -> Publishers.Multicast<Self, S> where S.Output == Output, S.Failure == Failure {
        Publishers.Multicast(upstream: self, createSubject: { subject })
    }
}

#endif
