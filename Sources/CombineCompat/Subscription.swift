#if !canImport(Darwin)

/// A protocol representing the connection of a subscriber to a publisher.
///
/// Subscriptions are class constrained in spirit: they have identity. Cancelling one frees the resources attached
/// to the subscriber; after `cancel()` no further values are delivered.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Tells a publisher that it may send more values to the subscriber. `demand` must not be `.none`.
    func request(_ demand: Subscribers.Demand)
}

/// A subscription that does nothing: handed to subscribers of publishers that are already finished.
public enum Subscriptions {
    /// Returns the "empty" subscription. Requests and cancellation are ignored.
    public static var empty: Subscription { _EmptySubscription.singleton }
}

final class _EmptySubscription: Subscription, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    static let singleton = _EmptySubscription()
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
    var description: String { "Empty" }
    var playgroundDescription: Any { description }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// A protocol indicating that an activity or action supports cancellation.
///
/// Calling `cancel()` frees up any allocated resources and stops side effects such as timers and network access.
public protocol Cancellable {
    /// Cancels the activity.
    func cancel()
}

#endif
