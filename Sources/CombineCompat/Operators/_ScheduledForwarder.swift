#if !canImport(Darwin)

/// The inner subscriber shared by `delay` and `receive(on:)` (and extended by `timeout`): every value and the
/// completion reach the downstream through `hop`, which hands the delivery to a scheduler.
///
/// Demand passes straight through to upstream: the downstream's requests are forwarded synchronously, and the
/// additional demand a delivered value returns is requested from upstream after the delivery.
class _ScheduledForwarder<Downstream: Subscriber>: _TimedInner<Downstream>, Subscriber, @unchecked Sendable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    /// Runs a delivery on the operator's scheduler (now, or after the operator's interval).
    private let hop: (@escaping () -> Void) -> Void

    init(
        _ name: String, downstream: Downstream, keepsDownstreamAfterEnd: Bool = false,
        hop: @escaping (@escaping () -> Void) -> Void
    ) {
        self.hop = hop
        super.init(name, downstream: downstream, keepsDownstreamAfterEnd: keepsDownstreamAfterEnd)
    }

    func receive(subscription: Subscription) {
        attach(subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let live = !upstreamCompleted
        lock.unlock()
        guard live else { return .none }
        hop { [self] in
            let more = deliverUnmetered(input)
            if more > 0 { requestUpstream(more) }
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
