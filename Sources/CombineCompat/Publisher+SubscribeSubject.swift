import RehearsalBase

#if !canImport(Darwin)

extension Publisher {
    /// Attaches the specified subject to this publisher: the subject re-publishes every value and the completion.
    ///
    /// Cancelling the returned value cancels the upstream subscription. The subscription does not keep the subject
    /// alive: once the subject is gone, values go nowhere.
    ///
    /// ```swift
    /// let cancellable = loadResult.subscribe(output.route)
    /// ```
    public func subscribe<S: Subject>(
        _ subject: S
    ) -> AnyCancellable where S.Output == Output, S.Failure == Failure {
        let forwarder = _SubjectForwarder(subject: subject)
        subscribe(forwarder)
        return AnyCancellable(forwarder)
    }
}

/// Feeds a subject from an upstream publisher. The subject sees this object as its upstream subscription, so its
/// requests (subjects request `.unlimited`) and cancellation go to the real upstream.
///
/// The subject is held weakly, as Combine's is: a connected `multicast(subject:)` whose multicast is gone does not
/// keep the subject alive (the OpenCombine suite, whose compatibility mode runs against Apple's Combine:
/// MulticastTests.testDeallocateConnectedMulticastBeforeCancelling, OpenCombine issue 186). A completion that
/// arrives before the upstream subscription is ignored, as Combine's subject subscriber ignores it (ShareTests
/// .testShareCompletionBeforeSubscription: a `share()` subscriber sees its subscription and nothing more).
final class _SubjectForwarder<Target: Subject>: Subscriber, Subscription, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible,
    @unchecked Sendable
{
    typealias Input = Target.Output
    typealias Failure = Target.Failure

    private let lock = _Lock()
    private weak var subject: Target?
    private var upstream: Subscription?
    private var isTerminated = false

    init(subject: Target) {
        self.subject = subject
    }

    var description: String { "Subject" }
    var playgroundDescription: Any { description }
    /// The subject fed and the upstream subscription, named as in OpenCombine (whose suite runs against Apple's
    /// Combine; the suite itself does not reflect this subscriber).
    var customMirror: Mirror {
        lock.lock()
        defer { lock.unlock() }
        return Mirror(self, children: ["downstreamSubject": subject as Any, "upstreamSubscription": upstream as Any])
    }

    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, !isTerminated, let subject else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        lock.unlock()
        subject.send(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let target = subject
        lock.unlock()
        target?.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard upstream != nil else {
            lock.unlock()
            return
        }
        let target = subject
        subject = nil
        upstream = nil
        isTerminated = true
        lock.unlock()
        target?.send(completion: completion)
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
        subject = nil
        upstream = nil
        isTerminated = true
        lock.unlock()
        subscription?.cancel()
    }
}

#endif
