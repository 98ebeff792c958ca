#if !canImport(Darwin)

/// The bookkeeping shared by the scheduler-based operators (`debounce`, `throttle`, `delay`, `receive(on:)`,
/// `timeout`): one upstream subscription, one downstream, downstream demand and the end of the stream.
///
/// Every state change happens under `lock` (a spin lock: its sections are a few instructions); subclasses call
/// the downstream, cancel the upstream and drop the downstream only after unlocking. Once the stream has ended
/// (completion delivered or cancelled) `downstream` is nil, so nothing can be delivered any more.
class _TimedInner<Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    let lock = _SpinLock()
    /// The operator's name as Combine's subscription gives it ("Debounce", "ReceiveOn", …).
    let name: String
    var downstream: Downstream?
    /// Kept after upstream completed, as Combine keeps it: a cancel while the completion is on its way still
    /// reaches upstream, and so does a request (the OpenCombine suite, whose compatibility mode runs against Apple's
    /// Combine: TimeoutTests.testCancelWhileCompletionIsInFlight*).
    var upstream: Subscription?
    var demand = Subscribers.Demand.none
    /// Set when upstream completed; values arriving after that are ignored.
    var upstreamCompleted = false

    /// Whether the downstream stays referenced after the stream ends, as Combine's `receive(on:)` and
    /// `subscribe(on:)` keep theirs (the OpenCombine compatibility suite's `testLifecycle`); the record says
    /// nothing of the other timed operators, which let it go.
    let keepsDownstreamAfterEnd: Bool
    /// The downstream, kept after the stream ends as Combine's subscription keeps it: a subscriber that holds on
    /// to its subscription stays alive with it (the OpenCombine suite, whose compatibility mode runs against
    /// Apple's Combine: `testLifecycle(cancellingSubscriptionReleasesSubscriber: false)`).
    private var endedDownstream: Downstream?

    init(_ name: String, downstream: Downstream, keepsDownstreamAfterEnd: Bool = false) {
        self.keepsDownstreamAfterEnd = keepsDownstreamAfterEnd
        self.name = name
        self.downstream = downstream
    }

    var description: String { name }
    var playgroundDescription: Any { name }
    /// No children, as Combine's `receive(on:)`, `subscribe(on:)` and `timeout` subscriptions show (the OpenCombine
    /// suite, whose compatibility mode runs against Apple's Combine); `debounce` adds its own.
    var customMirror: Mirror { Mirror(self, children: [:]) }

    /// Stores the upstream subscription and hands `self` to the downstream. A second subscription, or one
    /// arriving after the stream ended, is cancelled. Returns whether `subscription` was accepted.
    @discardableResult
    func attach(_ subscription: Subscription) -> Bool {
        lock.lock()
        guard upstream == nil, !upstreamCompleted, let downstream else {
            lock.unlock()
            subscription.cancel()
            return false
        }
        upstream = subscription
        lock.unlock()
        downstream.receive(subscription: self)
        return true
    }

    /// Marks upstream as completed (keeping its subscription for a later cancel or request); returns false when it
    /// already was (or the stream ended).
    func markUpstreamCompleted() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !upstreamCompleted, downstream != nil else { return false }
        upstreamCompleted = true
        return true
    }

    /// Ends the stream: hands back the downstream and the upstream subscription (nil once the stream already
    /// ended), so the caller completes, cancels or releases them after the lock is released.
    func endStream() -> (downstream: Downstream?, upstream: Subscription?) {
        lock.lock()
        let ended = (downstream, upstream)
        if keepsDownstreamAfterEnd, endedDownstream == nil { endedDownstream = downstream }
        downstream = nil
        upstreamCompleted = true
        upstream = nil
        lock.unlock()
        return ended
    }

    /// The upstream subscription, while the stream is live and subscribed (also once upstream completed).
    func currentUpstream() -> Subscription? {
        lock.lock()
        defer { lock.unlock() }
        return upstream
    }

    /// The upstream subscription while upstream has not completed: the demand a late delivery returns is not
    /// passed on after upstream's end (ReceiveOnTests.testReceiveCompletionImmediatelyAfterValue).
    func upstreamBeforeCompletion() -> Subscription? {
        lock.lock()
        defer { lock.unlock() }
        return upstreamCompleted ? nil : upstream
    }

    /// Ends the stream and returns the downstream to complete, or nil if the stream already ended.
    func takeDownstreamForCompletion() -> Downstream? {
        endStream().downstream  // the upstream subscription is released here, outside the lock
    }

    /// Delivers `value` if the stream is live, without demand accounting; returns the downstream's new demand.
    func deliverUnmetered(_ value: Downstream.Input) -> Subscribers.Demand {
        lock.lock()
        let target = downstream
        lock.unlock()
        return target?.receive(value) ?? .none
    }

    /// Delivers `value` if the stream is live and downstream demand allows; otherwise drops it. Additional
    /// demand from the downstream is added to `demand`.
    func deliverMetered(_ value: Downstream.Input) {
        lock.lock()
        guard let target = downstream, demand > 0 else {
            lock.unlock()
            return
        }
        demand -= 1
        lock.unlock()
        let more = target.receive(value)
        if more > 0 {
            lock.lock()
            demand += more
            lock.unlock()
        }
    }

    /// Ends the stream with `completion`, once.
    func deliver(completion: Subscribers.Completion<Downstream.Failure>) {
        takeDownstreamForCompletion()?.receive(completion: completion)
    }

    /// Adds to the downstream demand (subclasses that forward demand upstream override this).
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        self.demand += demand
        lock.unlock()
    }

    /// Ends the stream without completion and cancels upstream.
    func cancel() {
        endStream().upstream?.cancel()
    }
}

#endif
