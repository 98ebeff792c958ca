import CombineCompat
import Foundation

/// A subscriber that records every event with the test scheduler's virtual time, e.g. `"value(3)@300ms"`.
///
/// Demand as in `TestSubscriber`: `initialDemand` on subscription, `demandPerValue` from every value.
final class TimedRecorder<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    private let lock = NSLock()
    private let scheduler: TestScheduler
    private let initialDemand: Subscribers.Demand?
    private let demandPerValue: Subscribers.Demand
    private var _history: [String] = []
    private(set) var subscription: Subscription?

    init(
        scheduler: TestScheduler, initialDemand: Subscribers.Demand? = .unlimited,
        demandPerValue: Subscribers.Demand = .none
    ) {
        self.scheduler = scheduler
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
    }

    var history: [String] { lock.withLock { _history } }

    private func record(_ entry: String) {
        let time = scheduler.nowMilliseconds
        lock.withLock { _history.append("\(entry)@\(time)ms") }
    }

    func receive(subscription: Subscription) {
        record("subscription")
        lock.withLock { self.subscription = subscription }
        if let initialDemand, initialDemand > 0 { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        record("value(\(input))")
        return demandPerValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: record("finished")
        case .failure(let error): record("failure(\(error))")
        }
    }

    func request(_ demand: Subscribers.Demand) { lock.withLock { subscription }?.request(demand) }

    func cancel() { lock.withLock { subscription }?.cancel() }
}
