import RehearsalBase

#if !canImport(Darwin)

/// What `catch`, `tryCatch` and `retry` do when the current source fails.
enum _Recovery<Failure: Error> {
    /// Fail downstream with this error.
    case fail(Failure)
    /// Subscribe to the next source (the closure attaches it to the inner).
    case resubscribe(() -> Void)
}

/// The subscription behind `catch`, `tryCatch` and `retry`: the downstream sees one subscription while the values
/// come from a succession of sources (the upstream, then a replacement or the upstream again).
///
/// Outstanding downstream demand is tracked and requested again from each new source. Each source is attached
/// through its own ``Attempt`` subscriber carrying a generation number, so late events from a replaced source are
/// ignored. User closures, upstream and downstream are never called while the lock is held. The current source's
/// recovery closure (holding the user's handler) is dropped as soon as the stream is cancelled or completes.
final class _ResubscribingInner<Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    private let downstream: Downstream
    private let name: String
    private let lock = _Lock()
    private var demand = Subscribers.Demand.none
    private var current: Subscription?
    /// The attempt attached last, whose recovery closure is released when the stream ends.
    private var currentAttempt: _RecoveryHolder?
    private var generation = 0
    private var downstreamSubscribed = false
    private var terminated = false

    init(_ name: String, downstream: Downstream) {
        self.name = name
        self.downstream = downstream
    }

    var description: String { name }
    var playgroundDescription: Any { description }
    /// The downstream and its outstanding demand, as Combine's `catch` shows itself (the OpenCombine compatibility
    /// suite).
    var customMirror: Mirror {
        lock.lock()
        defer { lock.unlock() }
        return Mirror(self, children: ["downstream": downstream, "demand": demand])
    }

    /// Subscribes to `source`; when it fails, `recover` decides whether to fail or move to another source.
    func attach<Source: Publisher>(
        _ source: Source,
        recover: @escaping (Source.Failure) -> _Recovery<Downstream.Failure>
    ) where Source.Output == Downstream.Input {
        lock.lock()
        generation += 1
        let attempt = Attempt(owner: self, generation: generation, recover: recover)
        currentAttempt = attempt
        lock.unlock()
        source.subscribe(attempt)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        self.demand += demand
        let current = self.current
        lock.unlock()
        current?.request(demand)
    }

    func cancel() {
        lock.lock()
        terminated = true
        let current = self.current
        self.current = nil
        let released = releaseRecovery()
        lock.unlock()
        withExtendedLifetime(released) {}
        current?.cancel()
    }

    /// Under the lock: detaches the current attempt's recovery closure, to be released after unlocking.
    private func releaseRecovery() -> Any? {
        defer { currentAttempt = nil }
        return currentAttempt?.takeRecovery()
    }

    private func isCurrent(_ generation: Int) -> Bool {
        !terminated && generation == self.generation
    }

    fileprivate func attemptReceive(subscription: Subscription, generation: Int) {
        lock.lock()
        guard isCurrent(generation), current == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        current = subscription
        let isFirst = !downstreamSubscribed
        downstreamSubscribed = true
        let outstanding = demand
        lock.unlock()
        if isFirst {
            downstream.receive(subscription: self)
        } else if outstanding > 0 {
            subscription.request(outstanding)
        }
    }

    fileprivate func attemptReceive(_ input: Downstream.Input, generation: Int) -> Subscribers.Demand {
        lock.lock()
        guard isCurrent(generation) else {
            lock.unlock()
            return .none
        }
        // As Combine's `catch` and `tryCatch` do, a value before the first subscription, or beyond the demand asked
        // for, traps (CatchTests.testCatchReceiveValueBeforeSubscription, testCatchCrashesOnUnwantedInput and their
        // TryCatch twins of the OpenCombine suite, whose compatibility mode runs against Apple's Combine).
        guard downstreamSubscribed else {
            lock.unlock()
            _APIViolation.valueBeforeSubscription()
        }
        guard demand.rawValue > 0 else {
            lock.unlock()
            _APIViolation.unexpectedValue()
        }
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

    fileprivate func attemptFinished(generation: Int) {
        lock.lock()
        // A finish before the first subscription is ignored (CatchTests.testCatchReceiveCompletionBeforeSubscription).
        guard isCurrent(generation), downstreamSubscribed else {
            lock.unlock()
            return
        }
        terminated = true
        current = nil
        let released = releaseRecovery()
        lock.unlock()
        withExtendedLifetime(released) {}
        downstream.receive(completion: .finished)
    }

    /// `takeRecovery` runs under the lock and detaches the failed attempt's recovery, bound to its error.
    fileprivate func attemptFailed(
        generation: Int,
        takeRecovery: () -> (() -> _Recovery<Downstream.Failure>)?
    ) {
        lock.lock()
        guard isCurrent(generation), let recovery = takeRecovery() else {
            lock.unlock()
            return
        }
        current = nil
        currentAttempt = nil
        lock.unlock()
        switch recovery() {
        case .fail(let error):
            lock.lock()
            let wasTerminated = terminated
            terminated = true
            lock.unlock()
            if !wasTerminated { downstream.receive(completion: .failure(error)) }
        case .resubscribe(let attachNext):
            attachNext()
        }
    }

    /// The subscriber attached to one source.
    private final class Attempt<SourceFailure: Error>:
        Subscriber, _RecoveryHolder, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible,
        @unchecked Sendable
    {
        typealias Input = Downstream.Input
        typealias Failure = SourceFailure

        private let owner: _ResubscribingInner
        private let generation: Int
        /// Guarded by the owner's lock; taken once, on failure or when the stream ends.
        private var recover: ((SourceFailure) -> _Recovery<Downstream.Failure>)?

        init(
            owner: _ResubscribingInner,
            generation: Int,
            recover: @escaping (SourceFailure) -> _Recovery<Downstream.Failure>
        ) {
            self.owner = owner
            self.generation = generation
            self.recover = recover
        }

        var description: String { owner.name }
        var playgroundDescription: Any { owner.name }
        /// Shows the operator's state, as Combine's catch subscriber does (it is its subscription too).
        var customMirror: Mirror { owner.customMirror }

        func receive(subscription: Subscription) {
            owner.attemptReceive(subscription: subscription, generation: generation)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            owner.attemptReceive(input, generation: generation)
        }

        func receive(completion: Subscribers.Completion<SourceFailure>) {
            switch completion {
            case .finished:
                owner.attemptFinished(generation: generation)
            case .failure(let error):
                owner.attemptFailed(generation: generation) {
                    guard let recover else { return nil }
                    self.recover = nil
                    return { recover(error) }
                }
            }
        }

        func takeRecovery() -> Any? {
            defer { recover = nil }
            return recover
        }
    }
}

/// An attempt whose recovery closure the inner can detach under its lock, without knowing its failure type.
private protocol _RecoveryHolder: AnyObject {
    /// Called under the owner's lock: hands back the recovery closure (or `nil`) and forgets it.
    func takeRecovery() -> Any?
}

#endif
