import CombineCompat
import Foundation

/// A subscriber that records everything it receives, in order, for one whole-history assertion.
///
/// Demand: `initialDemand` is requested on subscription (nil requests nothing); `demandPerValue` is returned from
/// every `receive(_:)`. `request(_:)` and `cancel()` act on the stored subscription.
final class TestSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    enum Event: CustomStringConvertible {
        case subscription
        case value(Input)
        case completion(Subscribers.Completion<Failure>)

        var description: String {
            switch self {
            case .subscription: return "subscription"
            case .value(let value): return "value(\(value))"
            case .completion(.finished): return "finished"
            case .completion(.failure(let error)): return "failure(\(error))"
            }
        }
    }

    private let lock = NSLock()
    private var _events: [Event] = []
    private(set) var subscription: Subscription?
    let initialDemand: Subscribers.Demand?
    var demandPerValue: (Input) -> Subscribers.Demand
    var onValue: ((Input) -> Void)?

    init(initialDemand: Subscribers.Demand? = .unlimited, demandPerValue: Subscribers.Demand = .none) {
        self.initialDemand = initialDemand
        self.demandPerValue = { _ in demandPerValue }
    }

    var events: [Event] { lock.withLock { _events } }

    /// The history as text, one event per element: compare whole histories with `#expect(sub.history == [...])`.
    var history: [String] { events.map(\.description) }

    var values: [Input] {
        events.compactMap { if case .value(let v) = $0 { return v } else { return nil } }
    }

    func receive(subscription: Subscription) {
        lock.withLock {
            _events.append(.subscription)
            self.subscription = subscription
        }
        if let initialDemand, initialDemand > 0 { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { _events.append(.value(input)) }
        onValue?(input)
        return demandPerValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { _events.append(.completion(completion)) }
    }

    func request(_ demand: Subscribers.Demand) { subscription?.request(demand) }

    func cancel() { subscription?.cancel() }
}
