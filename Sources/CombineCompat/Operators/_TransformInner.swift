#if !canImport(Darwin)

import Synchronization

/// Optional subscription-level hooks of a ``_TransformInner`` (used by `handleEvents` and `collect(_:)`).
@usableFromInline
struct _TransformHooks {
    @usableFromInline var receiveSubscription: ((Subscription) -> Void)?
    @usableFromInline var receiveCancel: (() -> Void)?
    @usableFromInline var receiveRequest: ((Subscribers.Demand) -> Void)?
    /// Every demand (requested or returned) is multiplied by this before it reaches upstream.
    @usableFromInline var demandMultiplier: Int

    @inlinable
    init(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil,
        demandMultiplier: Int = 1
    ) {
        self.receiveSubscription = receiveSubscription
        self.receiveCancel = receiveCancel
        self.receiveRequest = receiveRequest
        self.demandMultiplier = demandMultiplier
    }
}

/// The one subscriber behind every value-by-value operator (`map`, `filter`, `compactMap`, `scan`, `prefix`, …).
///
/// Each operator supplies a `step` closure, made per subscription so it may keep state, that handles one upstream
/// value by calling one of the inner's verbs (`emit`, `skip`, `hold`, `emitAndFinish`, `finish`, `fail`) and
/// returning its demand, and a `complete` closure that turns the upstream completion into an optional last value
/// plus the downstream completion.
///
/// The verbs, rather than a returned enum, keep the value path free of derived generic types: when a caller runs
/// this class unspecialised (through a type-erased subject, say), no generic metadata is instantiated per value.
///
/// Threading: upstream delivers values and completion serially (Combine's contract), so the value path takes no
/// lock; it reads one atomic flag. Cancellation, completion and requests, which may race with it from other threads,
/// go through the lock. Downstream, upstream and user closures are never called while the lock is held.
@usableFromInline
final class _TransformInner<Downstream: Subscriber, Input, UpstreamFailure: Error>:
    Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable
{
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Step = (Input, _TransformInner) -> Subscribers.Demand
    @usableFromInline typealias Complete = (Subscribers.Completion<UpstreamFailure>)
        -> (last: Downstream.Input?, completion: Subscribers.Completion<Downstream.Failure>)

    @usableFromInline let downstream: Downstream
    @usableFromInline let step: Step
    @usableFromInline let complete: Complete
    @usableFromInline let hooks: _TransformHooks?
    /// `hooks?.demandMultiplier ?? 1`, kept apart so the value path does not copy the hooks.
    @usableFromInline let demandMultiplier: Int
    @usableFromInline let name: String
    @usableFromInline let lock = _Lock()
    /// Set once, under `lock`, when the stream is cancelled, completed or failed.
    @usableFromInline let isTerminated = Atomic<Bool>(false)
    /// Guarded by `lock`.
    @usableFromInline var upstream: Subscription?

    @inlinable
    init(
        _ name: String,
        downstream: Downstream,
        hooks: _TransformHooks? = nil,
        step: @escaping Step,
        complete: @escaping Complete
    ) {
        self.name = name
        self.downstream = downstream
        self.hooks = hooks
        self.demandMultiplier = hooks?.demandMultiplier ?? 1
        self.step = step
        self.complete = complete
    }

    @usableFromInline var description: String { name }

    @inlinable
    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, !isTerminated.load(ordering: .relaxed) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        lock.unlock()
        hooks?.receiveSubscription?(subscription)
        downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        if isTerminated.load(ordering: .acquiring) { return .none }
        return step(input, self)
    }

    /// Delivers `output`; the downstream's returned demand goes back upstream.
    @inlinable
    func emit(_ output: Output) -> Subscribers.Demand {
        let demand = downstream.receive(output)
        return demandMultiplier == 1 ? demand : demand * demandMultiplier
    }

    /// Drops the value and asks upstream for one more, so the downstream's demand is preserved.
    @inlinable
    func skip() -> Subscribers.Demand { .max(1) }

    /// Drops the value without asking for more (it counts toward demand already requested).
    @inlinable
    func hold() -> Subscribers.Demand { .none }

    /// Cancels upstream, delivers `output`, then finishes.
    @inlinable
    func emitAndFinish(_ output: Output) -> Subscribers.Demand {
        guard let upstream = terminate() else { return .none }
        upstream?.cancel()
        _ = downstream.receive(output)
        downstream.receive(completion: .finished)
        return .none
    }

    /// Cancels upstream and finishes.
    @inlinable
    func finish() -> Subscribers.Demand {
        guard let upstream = terminate() else { return .none }
        upstream?.cancel()
        downstream.receive(completion: .finished)
        return .none
    }

    /// Cancels upstream and fails with `error` (a try-closure threw).
    @inlinable
    func fail(_ error: Downstream.Failure) -> Subscribers.Demand {
        guard let upstream = terminate() else { return .none }
        upstream?.cancel()
        downstream.receive(completion: .failure(error))
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        guard terminate() != nil else { return }
        let (last, downstreamCompletion) = complete(completion)
        if let last { _ = downstream.receive(last) }
        downstream.receive(completion: downstreamCompletion)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        hooks?.receiveRequest?(demand)
        lock.lock()
        let upstream = self.upstream
        lock.unlock()
        upstream?.request(demandMultiplier == 1 ? demand : demand * demandMultiplier)
    }

    @inlinable
    func cancel() {
        guard let upstream = terminate() else { return }
        hooks?.receiveCancel?()
        upstream?.cancel()
    }

    /// Marks the stream terminated and hands back the upstream subscription to cancel (outside the lock).
    /// Returns `nil` when the stream had already terminated, `.some(nil)` when no subscription was held.
    @inlinable
    func terminate() -> Subscription?? {
        lock.lock()
        if isTerminated.load(ordering: .relaxed) {
            lock.unlock()
            return nil
        }
        isTerminated.store(true, ordering: .releasing)
        let upstream = self.upstream
        self.upstream = nil
        lock.unlock()
        return .some(upstream)
    }
}

extension Publisher {
    /// Subscribes `subscriber` through a ``_TransformInner`` built from `step` and `complete`.
    @inlinable
    func _subscribeTransform<S: Subscriber>(
        _ name: String,
        _ subscriber: S,
        hooks: _TransformHooks? = nil,
        step: @escaping (Output, _TransformInner<S, Output, Failure>) -> Subscribers.Demand,
        complete:
            @escaping (Subscribers.Completion<Failure>) -> (
                last: S.Input?, completion: Subscribers.Completion<S.Failure>
            )
    ) {
        subscribe(
            _TransformInner<S, Output, Failure>(
                name, downstream: subscriber, hooks: hooks, step: step, complete: complete))
    }

    /// Subscribes through a ``_TransformInner`` that forwards the upstream completion unchanged.
    @inlinable
    func _subscribeTransform<S: Subscriber>(
        _ name: String,
        _ subscriber: S,
        hooks: _TransformHooks? = nil,
        step: @escaping (Output, _TransformInner<S, Output, Failure>) -> Subscribers.Demand
    ) where S.Failure == Failure {
        _subscribeTransform(name, subscriber, hooks: hooks, step: step, complete: { (nil, $0) })
    }

    /// Subscribes through a ``_TransformInner`` of a try-operator: the failure type becomes `Error`.
    @inlinable
    func _subscribeTryTransform<S: Subscriber>(
        _ name: String,
        _ subscriber: S,
        step: @escaping (Output, _TransformInner<S, Output, Failure>) -> Subscribers.Demand
    ) where S.Failure == Error {
        _subscribeTransform(name, subscriber, step: step, complete: { (nil, $0._map { $0 }) })
    }
}

#endif
