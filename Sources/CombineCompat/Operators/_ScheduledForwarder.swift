#if !canImport(Darwin)

/// The inner subscriber shared by `delay` and `receive(on:)` (and extended by `timeout`): every value and the
/// completion reach the downstream through `hop`, which hands the delivery to a scheduler.
///
/// Demand passes straight through to upstream: the downstream's requests are forwarded synchronously, and the
/// additional demand a delivered value returns is requested from upstream after the delivery (unless upstream has
/// completed meanwhile).
///
/// As Combine's `delay` and `receive(on:)` do (the OpenCombine suite, whose compatibility mode runs against Apple's
/// Combine: DelayTests, ReceiveOnTests), the subscriber receives its subscription through the scheduler too
/// (`subscriptionHop`), by a closure that does not keep the operator alive and delivers nothing once upstream has
/// completed; the closures for values and the completion keep the operator alive until they run.
class _ScheduledForwarder<Downstream: Subscriber>: _TimedInner<Downstream>, Subscriber, @unchecked Sendable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    /// Runs a delivery on the operator's scheduler (now, or after the operator's interval).
    private let hop: (@escaping () -> Void) -> Void
    /// Hands the subscription to the subscriber through the scheduler; `nil` hands it over at once (`timeout`).
    private let subscriptionHop: ((@escaping () -> Void) -> Void)?

    init(
        _ name: String, downstream: Downstream, keepsDownstreamAfterEnd: Bool = false,
        subscriptionHop: ((@escaping () -> Void) -> Void)? = nil,
        hop: @escaping (@escaping () -> Void) -> Void
    ) {
        self.hop = hop
        self.subscriptionHop = subscriptionHop
        super.init(name, downstream: downstream, keepsDownstreamAfterEnd: keepsDownstreamAfterEnd)
    }

    func receive(subscription: Subscription) {
        guard let subscriptionHop else {
            attach(subscription)
            return
        }
        lock.lock()
        guard upstream == nil, !upstreamCompleted, downstream != nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        lock.unlock()
        subscriptionHop { [weak self] in self?.handOverSubscription() }
    }

    /// Gives the downstream its subscription, unless the stream ended or upstream completed meanwhile.
    private func handOverSubscription() {
        lock.lock()
        let target = upstreamCompleted ? nil : downstream
        lock.unlock()
        target?.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let live = !upstreamCompleted
        lock.unlock()
        guard live else { return .none }
        hop { [self] in
            let more = deliverUnmetered(input)
            if more > 0 { upstreamBeforeCompletion()?.request(more) }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard markUpstreamCompleted() else { return }
        hop { [self] in deliver(completion: completion) }
    }

    override func request(_ demand: Subscribers.Demand) {
        requestUpstream(demand)
    }

    private func requestUpstream(_ demand: Subscribers.Demand) {
        currentUpstream()?.request(demand)
    }
}

#endif
