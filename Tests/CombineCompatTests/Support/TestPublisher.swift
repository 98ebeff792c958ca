import CombineCompat
import Foundation

/// A hand-driven upstream for operator tests: records every `request` and `cancel` that reaches it, and lets
/// the test send values and completions straight to the subscriber (ignoring demand on purpose, so that tests can
/// check that operators respect it).
final class TestPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [AnySubscriber<Output, Failure>] = []
    private var _history: [String] = []

    /// What reached upstream, e.g. `["subscribe", "request(max(2))", "cancel"]`.
    var history: [String] { lock.withLock { _history } }

    var subscriberCount: Int { lock.withLock { subscribers.count } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let erased = AnySubscriber(subscriber)
        lock.withLock {
            subscribers.append(erased)
            _history.append("subscribe")
        }
        erased.receive(subscription: Inner(owner: self))
    }

    /// Sends `value` to every subscriber; returns the demand each returned.
    @discardableResult
    func send(_ value: Output) -> [Subscribers.Demand] {
        lock.withLock { subscribers }.map { $0.receive(value) }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        lock.withLock { subscribers }.forEach { $0.receive(completion: completion) }
    }

    fileprivate func record(_ entry: String) {
        lock.withLock { _history.append(entry) }
    }

    private final class Inner: Subscription, @unchecked Sendable {
        weak var owner: TestPublisher?

        init(owner: TestPublisher) { self.owner = owner }

        func request(_ demand: Subscribers.Demand) { owner?.record("request(\(demand))") }
        func cancel() { owner?.record("cancel") }
    }
}

extension TestPublisher where Output == Void {
    @discardableResult
    func send() -> [Subscribers.Demand] { send(()) }
}
