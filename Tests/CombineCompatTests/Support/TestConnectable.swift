import CombineCompat
import Foundation

/// A hand-driven connectable upstream: records every `connect` and every cancel of a connection in `connections`,
/// hands each subscriber one `RecordingSubscription` (whose requests and cancels land in `history`), and lets the
/// test send values and completions straight to the subscribers.
final class TestConnectable<Output, Failure: Error>: ConnectablePublisher, @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [AnySubscriber<Output, Failure>] = []
    private var _connections: [String] = []
    private var _history: [String] = []
    private var _identifiers: [CombineIdentifier] = []

    /// `connect` and `disconnect`, in order.
    var connections: [String] { lock.withLock { _connections } }
    /// What reached the upstream subscriptions: `subscribe`, `request(…)`, `cancel`.
    var history: [String] { lock.withLock { _history } }
    /// The identifiers of the subscriptions handed out, in order.
    var subscriptionIdentifiers: [CombineIdentifier] { lock.withLock { _identifiers } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let erased = AnySubscriber(subscriber)
        lock.withLock {
            subscribers.append(erased)
            _history.append("subscribe")
        }
        let subscription = RecordingSubscription { [weak self] in self?.record($0) }
        lock.withLock { _identifiers.append(subscription.combineIdentifier) }
        erased.receive(subscription: subscription)
    }

    func connect() -> Cancellable {
        lock.withLock { _connections.append("connect") }
        return Connection { [weak self] in self?.lock.withLock { self?._connections.append("disconnect") } }
    }

    @discardableResult
    func send(_ value: Output) -> [Subscribers.Demand] {
        lock.withLock { subscribers }.map { $0.receive(value) }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        lock.withLock { subscribers }.forEach { $0.receive(completion: completion) }
    }

    private func record(_ entry: String) {
        lock.withLock { _history.append(entry) }
    }

    /// A connection that records its cancels, and nothing when it is released.
    private struct Connection: Cancellable {
        let onCancel: () -> Void
        func cancel() { onCancel() }
    }
}

/// A subscription that reports every request and cancel to `record`, and describes itself as "RecordingSubscription".
final class RecordingSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
    private let record: (String) -> Void

    init(record: @escaping (String) -> Void) { self.record = record }

    var description: String { "RecordingSubscription" }

    func request(_ demand: Subscribers.Demand) { record("request(\(demand))") }
    func cancel() { record("cancel") }
}
