import RehearsalBase

#if !canImport(Darwin)

/// The subscriber behind `replaceEmpty(with:)` and `replaceError(with:)`: republishes upstream values one to one,
/// and at completion may publish one replacement value before the (possibly converted) completion.
///
/// The replacement respects backpressure: it tracks the downstream's outstanding demand, and when upstream
/// completes while that demand is zero it holds the replacement until the next request.
///
/// `replaceEmpty` also asks upstream for `.unlimited` once the subscriber has its subscription, after whatever the
/// subscriber asked for there, and passes every value on, as Combine's does (the OpenCombine suite, whose
/// compatibility mode runs against Apple's Combine: ReplaceEmptyTests.testDemand, testImmediateCompletion);
/// `replaceError` asks upstream only for what the subscriber asks (ReplaceErrorTests).
final class _ReplaceInner<Downstream: Subscriber, UpstreamFailure: Error>:
    Subscriber, Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible,
    @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Replace = (Subscribers.Completion<UpstreamFailure>, _ sawValue: Bool)
        -> (replacement: Input?, completion: Subscribers.Completion<Downstream.Failure>)

    private let downstream: Downstream
    private let name: String
    private let replace: Replace
    private let lock = _Lock()
    private var state = _OneShotState<(Input, Subscribers.Completion<Downstream.Failure>)>.awaitingSubscription
    private var demand = Subscribers.Demand.none
    private var sawValue = false
    private let requestsUnlimited: Bool

    init(_ name: String, downstream: Downstream, requestsUnlimited: Bool = false, replace: @escaping Replace) {
        self.name = name
        self.downstream = downstream
        self.requestsUnlimited = requestsUnlimited
        self.replace = replace
    }

    var description: String { name }
    var playgroundDescription: Any { description }
    /// No children, as Combine's `replaceEmpty` and `replaceError` show (the OpenCombine compatibility suite).
    var customMirror: Mirror { Mirror(self, children: [:]) }

    func receive(subscription: Subscription) {
        lock.lock()
        let accepted = state.accept(subscription)
        lock.unlock()
        guard accepted else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: self)
        guard requestsUnlimited else { return }
        lock.lock()
        let stillSubscribed = state.isSubscribed
        lock.unlock()
        if stillSubscribed { subscription.request(.unlimited) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard state.isSubscribed else {
            lock.unlock()
            return .none
        }
        sawValue = true
        demand -= 1
        lock.unlock()
        let more = downstream.receive(input)
        if more > 0 {
            lock.lock()
            demand += more
            lock.unlock()
        }
        return more
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard state.isSubscribed else {
            lock.unlock()
            return
        }
        let (replacement, downstreamCompletion) = replace(completion, sawValue)
        if let replacement, demand == 0 {
            state = .awaitingDemand((replacement, downstreamCompletion))
            lock.unlock()
            return
        }
        state = .terminated
        lock.unlock()
        if let replacement { _ = downstream.receive(replacement) }
        downstream.receive(completion: downstreamCompletion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        switch state {
        case .subscribed(let upstream):
            self.demand += demand
            lock.unlock()
            upstream.request(demand)
        case .awaitingDemand(let (replacement, completion)):
            state = .terminated
            lock.unlock()
            _ = downstream.receive(replacement)
            downstream.receive(completion: completion)
        case .awaitingSubscription, .terminated:
            lock.unlock()
        }
    }

    func cancel() {
        lock.lock()
        let upstream = state.terminate()
        lock.unlock()
        upstream?.cancel()
    }
}

#endif
