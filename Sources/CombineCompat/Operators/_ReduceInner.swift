import RehearsalBase

#if !canImport(Darwin)

/// What a reducing operator does after folding one upstream value into its accumulator.
@usableFromInline
enum _ReduceStep<Failure: Error> {
    /// Keep going.
    case `continue`
    /// The result is known: cancel upstream and publish it.
    case finish
    /// Cancel upstream and fail (a try-closure threw).
    case fail(Failure)
}

/// The one subscriber behind every operator that publishes at most one value when its upstream is done
/// (`collect()`, `reduce`, `count`, `first`, `last`, `contains`, `allSatisfy`, `min`, `max`, `ignoreOutput`).
///
/// It requests `.unlimited` from upstream once the downstream has its subscription, folds values into an
/// accumulator, and publishes `finalize(accumulator)` (if not `nil`) followed by `.finished` as soon as the
/// downstream has asked for anything; until then the result is held, and so is a bare `.finished` (`first` of an
/// empty upstream), as Combine holds it (the OpenCombine suite, whose compatibility mode runs against Apple's
/// Combine: ReduceTests.testUpstreamFinishesImmediatelyWithoutDemand, for every reducing operator), so the
/// subscriber keeps its subscription, and with it its life, until it asks. An early `.finish` cancels upstream. Upstream delivers serially, so the
/// accumulator is only touched on that path; everything shared with `request`/`cancel` is under the lock. The user's
/// `fold` closure is dropped as soon as the stream leaves the subscribed state (cancelled, failed or done), after
/// the lock is released.
final class _ReduceInner<Downstream: Subscriber, Input, UpstreamFailure: Error, Accumulator>:
    Subscriber, Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible,
    @unchecked Sendable
{
    typealias Output = Downstream.Input

    typealias Fold = (inout Accumulator, Input) -> _ReduceStep<Downstream.Failure>

    private let downstream: Downstream
    private let name: String
    /// Guarded by `lock`; `nil` once the stream is no longer subscribed.
    private var fold: Fold?
    private let finalize: (Accumulator) -> Output?
    private let mapFailure: (UpstreamFailure) -> Downstream.Failure
    /// Touched only on the serial upstream path.
    private var accumulator: Accumulator
    /// The accumulator the operator started from, for the mirror.
    private let initial: Accumulator
    private let lock = _Lock()
    /// A held result is `nil` when the stream ends with `.finished` alone.
    private var state = _OneShotState<Output?>.awaitingSubscription
    private var hasDemand = false
    /// A result found early (`first`, `contains`, …) while the downstream had no demand: the upstream is cancelled
    /// only when that demand arrives, as Combine does (the OpenCombine suite, whose compatibility mode runs against
    /// Apple's Combine: FirstTests.testFirstDemand records the cancel after the request).
    private var cancelAtDemand: Subscription?

    init(
        _ name: String,
        downstream: Downstream,
        initial: Accumulator,
        mapFailure: @escaping (UpstreamFailure) -> Downstream.Failure,
        fold: @escaping Fold,
        finalize: @escaping (Accumulator) -> Output?
    ) {
        self.name = name
        self.downstream = downstream
        self.accumulator = initial
        self.initial = initial
        self.mapFailure = mapFailure
        self.fold = fold
        self.finalize = finalize
    }

    var description: String { name }
    var playgroundDescription: Any { name }

    /// As Combine's reducing operators show themselves (the OpenCombine suite, whose compatibility mode runs
    /// against Apple's Combine, expects these four children of every one): the downstream, the result so far, the
    /// initial value and the stage of the subscription.
    var customMirror: Mirror {
        lock.lock()
        let status: String
        switch state {
        case .awaitingSubscription: status = "awaiting subscription"
        case .subscribed: status = "subscribed"
        case .awaitingDemand: status = "awaiting demand"
        case .terminated: status = "terminal"
        }
        lock.unlock()
        return Mirror(
            self,
            children: [
                "downstream": downstream, "result": finalize(accumulator) as Any, "initial": initial,
                "status": status,
            ])
    }

    func receive(subscription: Subscription) {
        lock.lock()
        let accepted = state.accept(subscription)
        lock.unlock()
        guard accepted else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: self)
        lock.lock()
        let stillSubscribed = state.isSubscribed
        lock.unlock()
        if stillSubscribed { subscription.request(.unlimited) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard state.isSubscribed, let fold else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        switch fold(&accumulator, input) {
        case .continue:
            break
        case .finish:
            publishResult(cancellingUpstream: true)
        case .fail(let error):
            guard let upstream = terminate() else { break }
            upstream.cancel()
            downstream.receive(completion: .failure(error))
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        switch completion {
        case .finished:
            publishResult(cancellingUpstream: false)
        case .failure(let error):
            guard terminate() != nil else { return }
            downstream.receive(completion: .failure(mapFailure(error)))
        }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        hasDemand = true
        guard let held = state.takeHeld() else {
            lock.unlock()
            return
        }
        let upstream = cancelAtDemand
        cancelAtDemand = nil
        lock.unlock()
        upstream?.cancel()
        if let output = held { _ = downstream.receive(output) }
        downstream.receive(completion: .finished)
    }

    func cancel() {
        lock.lock()
        let upstream = state.terminate() ?? cancelAtDemand
        cancelAtDemand = nil
        let released = fold
        fold = nil
        lock.unlock()
        withExtendedLifetime(released) {}
        upstream?.cancel()
    }

    /// Publishes the result (or the bare `.finished`) now if the downstream asked for anything, otherwise keeps it
    /// until it does.
    private func publishResult(cancellingUpstream: Bool) {
        let output = finalize(accumulator)
        lock.lock()
        guard let upstream = state.upstream else {
            lock.unlock()
            return
        }
        let deliverNow = hasDemand
        if !deliverNow {
            state = .awaitingDemand(output)
            if cancellingUpstream { cancelAtDemand = upstream }
        } else {
            state = .terminated
        }
        let released = fold
        fold = nil
        lock.unlock()
        withExtendedLifetime(released) {}
        if cancellingUpstream, deliverNow { upstream.cancel() }
        guard deliverNow else { return }
        if let output { _ = downstream.receive(output) }
        downstream.receive(completion: .finished)
    }

    /// Ends a subscribed stream; returns the upstream subscription to cancel, or `nil` if not subscribed.
    private func terminate() -> Subscription? {
        lock.lock()
        guard let upstream = state.upstream else {
            lock.unlock()
            return nil
        }
        state = .terminated
        let released = fold
        fold = nil
        lock.unlock()
        withExtendedLifetime(released) {}
        return upstream
    }
}

extension Publisher {
    /// Subscribes `subscriber` through a ``_ReduceInner`` that keeps the upstream failure type.
    func _subscribeReduce<S: Subscriber, Accumulator>(
        _ name: String,
        _ subscriber: S,
        initial: Accumulator,
        fold: @escaping (inout Accumulator, Output) -> _ReduceStep<S.Failure>,
        finalize: @escaping (Accumulator) -> S.Input?
    ) where S.Failure == Failure {
        subscribe(
            _ReduceInner(
                name, downstream: subscriber, initial: initial, mapFailure: { $0 }, fold: fold, finalize: finalize)
        )
    }

    /// Subscribes `subscriber` through a ``_ReduceInner`` of a try-operator: the failure type becomes `Error`.
    func _subscribeTryReduce<S: Subscriber, Accumulator>(
        _ name: String,
        _ subscriber: S,
        initial: Accumulator,
        fold: @escaping (inout Accumulator, Output) -> _ReduceStep<Error>,
        finalize: @escaping (Accumulator) -> S.Input?
    ) where S.Failure == Error {
        subscribe(
            _ReduceInner(
                name, downstream: subscriber, initial: initial, mapFailure: { $0 }, fold: fold, finalize: finalize)
        )
    }
}

#endif
