#if !canImport(Darwin)

/// The life of a subscriber that may hold one result back until the downstream asks for it (``_ReduceInner``,
/// ``_ReplaceInner``): it waits for its one upstream subscription, runs subscribed, may hold a result once
/// upstream is done, and ends. Always read and changed under the owner's lock.
enum _OneShotState<Held> {
    case awaitingSubscription
    case subscribed(Subscription)
    /// Done upstream; the result waits for the first downstream request.
    case awaitingDemand(Held)
    case terminated

    /// Whether the upstream subscription is live.
    var isSubscribed: Bool {
        if case .subscribed = self { true } else { false }
    }

    /// The live upstream subscription, if any.
    var upstream: Subscription? {
        if case .subscribed(let upstream) = self { upstream } else { nil }
    }

    /// Takes the first upstream subscription; returns `false` for any later one, which the caller cancels.
    mutating func accept(_ subscription: Subscription) -> Bool {
        guard case .awaitingSubscription = self else { return false }
        self = .subscribed(subscription)
        return true
    }

    /// Ends the life if a result is held, returning that result for the caller to deliver.
    mutating func takeHeld() -> Held? {
        guard case .awaitingDemand(let held) = self else { return nil }
        self = .terminated
        return held
    }

    /// Ends the life whatever the state; returns the upstream subscription to cancel, if it was live.
    mutating func terminate() -> Subscription? {
        let upstream = self.upstream
        self = .terminated
        return upstream
    }
}

#endif
