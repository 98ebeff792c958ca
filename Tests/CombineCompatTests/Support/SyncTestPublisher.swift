import CombineCompat
import Foundation

/// A synchronous upstream for re-entrancy tests: on each `request` it delivers values from `values` right away,
/// inside the `request` call, as far as the demand goes (including demand returned from `receive`), and sends
/// `completion` once every value was delivered. It records `subscribe`, `request(…)` and `cancel` like
/// `TestPublisher`, and every subscription replays `values` from the start.
final class SyncTestPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let values: [Output]
    private let completion: Subscribers.Completion<Failure>
    private let lock = NSLock()
    private var _history: [String] = []

    init(_ values: [Output], completion: Subscribers.Completion<Failure> = .finished) {
        self.values = values
        self.completion = completion
    }

    var history: [String] { lock.withLock { _history } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        record("subscribe")
        subscriber.receive(subscription: Inner(owner: self, subscriber: AnySubscriber(subscriber)))
    }

    fileprivate func record(_ entry: String) {
        lock.withLock { _history.append(entry) }
    }

    private final class Inner: Subscription, @unchecked Sendable {
        private let owner: SyncTestPublisher
        private let subscriber: AnySubscriber<Output, Failure>
        private var demand = Subscribers.Demand.none
        private var index = 0
        private var isEmitting = false
        private var isDone = false

        init(owner: SyncTestPublisher, subscriber: AnySubscriber<Output, Failure>) {
            self.owner = owner
            self.subscriber = subscriber
        }

        func request(_ demand: Subscribers.Demand) {
            owner.record("request(\(demand))")
            self.demand += demand
            guard !isEmitting else { return }
            isEmitting = true
            defer { isEmitting = false }
            while !isDone, self.demand > 0, index < owner.values.count {
                self.demand -= 1
                index += 1
                self.demand += subscriber.receive(owner.values[index - 1])
            }
            if !isDone, index == owner.values.count {
                isDone = true
                subscriber.receive(completion: owner.completion)
            }
        }

        func cancel() {
            owner.record("cancel")
            isDone = true
        }
    }
}
