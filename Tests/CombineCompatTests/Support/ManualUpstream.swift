import CombineCompat
import Foundation

/// An upstream that only keeps its subscriber: the test hands it subscriptions, values and completions whenever it
/// likes (before a subscription, twice, after the end), to check how an operator treats a faulty publisher.
final class ManualUpstream<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let lock = NSLock()
    private var _subscriber: AnySubscriber<Output, Failure>?

    var subscriber: AnySubscriber<Output, Failure>? { lock.withLock { _subscriber } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.withLock { _subscriber = AnySubscriber(subscriber) }
    }

    func send(subscription: Subscription) { subscriber?.receive(subscription: subscription) }

    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand? { subscriber?.receive(value) }

    func send(completion: Subscribers.Completion<Failure>) { subscriber?.receive(completion: completion) }
}

/// A subscription whose requests and cancels are recorded in its own `history`.
final class LoggedSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
    private let lock = NSLock()
    private var _history: [String] = []

    var history: [String] { lock.withLock { _history } }
    var description: String { "LoggedSubscription" }

    func request(_ demand: Subscribers.Demand) { lock.withLock { _history.append("request(\(demand))") } }
    func cancel() { lock.withLock { _history.append("cancel") } }
}
