import CombineCompat

/// The cost the value operators add per event: a bare serial source feeding `map` → `filter` → a counting
/// subscriber, so the figure isolates the operators from any subject or sink implementation.
func operatorBenchmarks() {
    let events = 1_000_000
    let source = _BenchSource()
    let sink = _BenchCountingSink()
    source.map { $0 &* 2 }.filter { $0 & 1 == 0 }.subscribe(sink)
    let seconds = measureSeconds {
        for value in 0..<events { source.send(value) }
    }
    precondition(sink.count == events, "every event should pass the filter")
    report("operators.map-filter", seconds * 1e9 / Double(events), "ns/event")
}

/// A publisher with one subscriber that hands values straight to it, as a subject would without its own cost.
final class _BenchSource: Publisher {
    typealias Output = Int
    typealias Failure = Never

    private var receiveValue: ((Int) -> Subscribers.Demand)?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        receiveValue = subscriber.receive(_:)
        subscriber.receive(subscription: Subscriptions.empty)
    }

    func send(_ value: Int) {
        _ = receiveValue?(value)
    }
}

/// A subscriber that requests everything and counts what arrives.
final class _BenchCountingSink: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    private(set) var count = 0

    func receive(subscription: Subscription) { subscription.request(.unlimited) }

    func receive(_ input: Int) -> Subscribers.Demand {
        count += 1
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}
