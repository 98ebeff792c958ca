#if !canImport(Darwin)

import Foundation
import RehearsalBase

extension NotificationCenter {
    /// Returns a publisher that emits events when broadcasting notifications.
    ///
    /// Each subscriber adds an observer to the center; a notification posted while the subscriber has demand is
    /// delivered synchronously on the posting thread, one posted without demand is dropped. Cancelling removes the
    /// observer. The publisher never finishes.
    ///
    ///     cancellable = NotificationCenter.default
    ///         .publisher(for: .sessionExpired)
    ///         .sink { _ in viewModel.signOut() }
    ///
    /// - Parameters:
    ///   - name: The name of the notification to publish.
    ///   - object: The object posting the named notification; `nil` (the default) accepts any sender.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }

    /// A publisher that emits elements when broadcasting notifications.
    public struct Publisher: CombineCompat.Publisher {
        /// The kind of values published by this publisher: the posted notification.
        public typealias Output = Notification
        /// The kind of errors this publisher might publish: it never fails.
        public typealias Failure = Never

        /// The notification center this publisher uses as a source.
        public let center: NotificationCenter
        /// The name of notifications published by this publisher.
        public let name: Notification.Name
        /// The object posting the named notification, or `nil` for any sender.
        public let object: AnyObject?

        /// Creates a publisher that emits events when broadcasting notifications.
        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        /// Attaches a subscriber: it observes the center until it cancels.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let subscription = _NotificationSubscription(center: center, downstream: AnySubscriber(subscriber))
            subscription.observe(name: name, object: object)
            subscriber.receive(subscription: subscription)
        }
    }
}

extension NotificationCenter.Publisher: Equatable {
    /// Two publishers are equal when they observe the same center, name and sender.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.center === rhs.center && lhs.name == rhs.name && lhs.object === rhs.object
    }
}

/// One subscriber's observer: delivers a notification only while the subscriber has demand.
private final class _NotificationSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
    private let lock = _Lock()
    private let center: NotificationCenter
    private var downstream: AnySubscriber<Notification, Never>?
    private var observer: NSObjectProtocol?
    private var demand = Subscribers.Demand.none

    init(center: NotificationCenter, downstream: AnySubscriber<Notification, Never>) {
        self.center = center
        self.downstream = downstream
    }

    var description: String { "NotificationCenter Observer" }

    func observe(name: Notification.Name, object: AnyObject?) {
        let token = center.addObserver(forName: name, object: object, queue: nil) { [weak self] notification in
            self?.deliver(notification)
        }
        lock.withLock { observer = token }
    }

    private func deliver(_ notification: Notification) {
        lock.lock()
        guard let subscriber = downstream, demand > 0 else {
            lock.unlock()
            return
        }
        demand -= 1
        lock.unlock()
        let more = subscriber.receive(notification)
        lock.withLock { demand += more }
    }

    func request(_ more: Subscribers.Demand) {
        lock.withLock { demand += more }
    }

    func cancel() {
        let (token, released) = lock.withLock { () -> (NSObjectProtocol?, AnySubscriber<Notification, Never>?) in
            defer {
                observer = nil
                downstream = nil
            }
            return (observer, downstream)
        }
        if let token { center.removeObserver(token) }
        withExtendedLifetime(released) {}
    }
}

#endif
