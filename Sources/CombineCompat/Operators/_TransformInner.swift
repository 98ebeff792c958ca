#if !canImport(Darwin)

import Synchronization
import RehearsalBase

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

/// What a ``_TransformInner`` does with an event that breaks the protocol: one that arrives before its upstream
/// subscription, or a `request(.none)`.
///
/// Combine differs operator by operator (the OpenCombine suite, whose compatibility mode runs against Apple's
/// Combine, records each): `tryMap` and `tryScan` pass an early value on and ignore an early completion; `print`,
/// `handleEvents`, `encode` and `decode` pass both on; `drop(while:)` ignores both; the filtering operators
/// (`tryCompactMap`, `tryFilter`, `removeDuplicates`, `prefix(while:)` and their try-forms) trap on either, and on a
/// request made before their subscription.
@usableFromInline
struct _TransformPolicy: Sendable {
    @usableFromInline enum Early: UInt8, Sendable { case forward, ignore, trap }

    @usableFromInline let earlyValue: Early
    @usableFromInline let earlyCompletion: Early
    @usableFromInline let earlyRequestTraps: Bool
    @usableFromInline let zeroDemandTraps: Bool

    @inlinable
    init(earlyValue: Early, earlyCompletion: Early, earlyRequestTraps: Bool = false, zeroDemandTraps: Bool = false) {
        self.earlyValue = earlyValue
        self.earlyCompletion = earlyCompletion
        self.earlyRequestTraps = earlyRequestTraps
        self.zeroDemandTraps = zeroDemandTraps
    }

    /// Early values and completions are passed on (`print`, `handleEvents`, `encode`, `decode`).
    @inlinable static var forwards: _TransformPolicy { .init(earlyValue: .forward, earlyCompletion: .forward) }
    /// An early value is passed on, an early completion ignored (`tryMap`, `tryScan`).
    @inlinable static var forwardsValues: _TransformPolicy { .init(earlyValue: .forward, earlyCompletion: .ignore) }
    /// Early events are ignored and `request(.none)` traps (`drop(while:)`, `tryDrop(while:)`).
    @inlinable static var ignores: _TransformPolicy {
        .init(earlyValue: .ignore, earlyCompletion: .ignore, zeroDemandTraps: true)
    }
    /// Early events, and requests before the subscription, trap (the filtering operators).
    @inlinable static var traps: _TransformPolicy {
        .init(earlyValue: .trap, earlyCompletion: .trap, earlyRequestTraps: true)
    }
}

/// How a ``_TransformInner`` shows itself in a mirror, as the Combine operator it stands for does: no children,
/// the downstream only, or the downstream followed by the operator's own state.
@usableFromInline
enum _TransformReflection {
    /// What the inner knows of itself, for a `.state` mirror.
    @usableFromInline
    struct Context {
        /// The upstream subscription while subscribed.
        @usableFromInline let upstream: Subscription?
        /// "awaiting subscription", "subscribed" or "terminal".
        @usableFromInline let status: String
        /// Whether the stream has ended.
        @usableFromInline var isTerminal: Bool { status == "terminal" }
    }

    case empty
    case downstream
    case state((Context) -> [(String, Any)])
}

/// The one subscriber behind every value-by-value operator (`tryMap`, `tryFilter`, `removeDuplicates`, `prefix`, …).
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
    Subscriber, Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible,
    @unchecked Sendable
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
    @usableFromInline let policy: _TransformPolicy
    @usableFromInline let reflection: _TransformReflection
    @usableFromInline let lock = _Lock()
    /// ``awaitingSubscription``, then ``subscribed`` once upstream's subscription arrives, then ``terminated`` once
    /// the stream is cancelled, completed or failed; changed only under `lock`.
    @usableFromInline let state = Atomic<UInt8>(0)
    @usableFromInline static var awaitingSubscription: UInt8 { 0 }
    @usableFromInline static var subscribed: UInt8 { 1 }
    @usableFromInline static var terminated: UInt8 { 2 }
    /// Guarded by `lock`.
    @usableFromInline var upstream: Subscription?

    @inlinable
    init(
        _ name: String,
        downstream: Downstream,
        hooks: _TransformHooks? = nil,
        policy: _TransformPolicy,
        reflection: _TransformReflection,
        step: @escaping Step,
        complete: @escaping Complete
    ) {
        self.name = name
        self.policy = policy
        self.reflection = reflection
        self.downstream = downstream
        self.hooks = hooks
        self.demandMultiplier = hooks?.demandMultiplier ?? 1
        self.step = step
        self.complete = complete
    }

    @usableFromInline var description: String { name }
    @usableFromInline var playgroundDescription: Any { name }

    @usableFromInline var customMirror: Mirror {
        switch reflection {
        case .empty: return Mirror(self, children: [:])
        case .downstream: return Mirror(self, children: ["downstream": downstream])
        case .state(let state):
            let context = _TransformReflection.Context(upstream: currentUpstream, status: status)
            let children =
                [(label: String?.some("downstream"), value: downstream as Any)]
                + state(context).map { (label: String?.some($0.0), value: $0.1) }
            return Mirror(self, children: children)
        }
    }

    /// The operator's stage as its mirror shows it: "awaiting subscription", "subscribed" or "terminal".
    @usableFromInline var status: String {
        switch state.load(ordering: .acquiring) {
        case Self.awaitingSubscription: return "awaiting subscription"
        case Self.subscribed: return "subscribed"
        default: return "terminal"
        }
    }

    /// The upstream subscription while subscribed, for mirrors.
    @usableFromInline var currentUpstream: Subscription? {
        lock.lock()
        defer { lock.unlock() }
        return upstream
    }

    @inlinable
    func receive(subscription: Subscription) {
        lock.lock()
        guard state.load(ordering: .relaxed) == Self.awaitingSubscription else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        state.store(Self.subscribed, ordering: .releasing)
        lock.unlock()
        hooks?.receiveSubscription?(subscription)
        downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        let current = state.load(ordering: .acquiring)
        if current == Self.subscribed { return step(input, self) }
        if current == Self.terminated { return .none }
        switch policy.earlyValue {
        case .forward: return step(input, self)
        case .ignore: return .none
        case .trap: _APIViolation.valueBeforeSubscription()
        }
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
        if state.load(ordering: .acquiring) == Self.awaitingSubscription {
            switch policy.earlyCompletion {
            case .forward: break
            case .ignore: return
            case .trap: _APIViolation.unexpectedCompletion()
            }
        }
        guard terminate() != nil else { return }
        let (last, downstreamCompletion) = complete(completion)
        if let last { _ = downstream.receive(last) }
        downstream.receive(completion: downstreamCompletion)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        if policy.zeroDemandTraps { _APIViolation.checkRequested(demand) }
        hooks?.receiveRequest?(demand)
        lock.lock()
        let upstream = self.upstream
        let early = state.load(ordering: .relaxed) == Self.awaitingSubscription
        lock.unlock()
        if early, policy.earlyRequestTraps { _APIViolation.requestBeforeSubscription() }
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
        if state.load(ordering: .relaxed) == Self.terminated {
            lock.unlock()
            return nil
        }
        state.store(Self.terminated, ordering: .releasing)
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
        policy: _TransformPolicy,
        reflection: _TransformReflection,
        step: @escaping (Output, _TransformInner<S, Output, Failure>) -> Subscribers.Demand,
        complete:
            @escaping (Subscribers.Completion<Failure>) -> (
                last: S.Input?, completion: Subscribers.Completion<S.Failure>
            )
    ) {
        subscribe(
            _TransformInner<S, Output, Failure>(
                name, downstream: subscriber, hooks: hooks, policy: policy, reflection: reflection, step: step,
                complete: complete))
    }

    /// Subscribes through a ``_TransformInner`` that forwards the upstream completion unchanged.
    @inlinable
    func _subscribeTransform<S: Subscriber>(
        _ name: String,
        _ subscriber: S,
        hooks: _TransformHooks? = nil,
        policy: _TransformPolicy,
        reflection: _TransformReflection,
        step: @escaping (Output, _TransformInner<S, Output, Failure>) -> Subscribers.Demand
    ) where S.Failure == Failure {
        _subscribeTransform(
            name, subscriber, hooks: hooks, policy: policy, reflection: reflection, step: step,
            complete: { (nil, $0) })
    }

    /// Subscribes through a ``_TransformInner`` of a try-operator: the failure type becomes `Error`.
    @inlinable
    func _subscribeTryTransform<S: Subscriber>(
        _ name: String,
        _ subscriber: S,
        policy: _TransformPolicy,
        reflection: _TransformReflection,
        step: @escaping (Output, _TransformInner<S, Output, Failure>) -> Subscribers.Demand
    ) where S.Failure == Error {
        _subscribeTransform(
            name, subscriber, policy: policy, reflection: reflection, step: step, complete: { (nil, $0._map { $0 }) })
    }
}

#endif
