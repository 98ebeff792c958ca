import CombineCompat
import Testing

/// Swift 5 language mode: a ViewModel-style class that is not `Sendable` captures `self` and mutable state in
/// operator closures, exactly as iOS code compiled today does. This file compiling is half the test.
@Suite struct OperatorsSwift5Tests {
    /// A minimal hand-driven source: pushes values straight to its one subscriber.
    final class Source: Publisher {
        typealias Output = String
        typealias Failure = Never

        private var subscriber: AnySubscriber<String, Never>?

        func receive<S: Subscriber>(subscriber: S) where S.Input == String, S.Failure == Never {
            self.subscriber = AnySubscriber(subscriber)
            subscriber.receive(subscription: Subscriptions.empty)
        }

        func send(_ value: String) { _ = subscriber?.receive(value) }
    }

    /// Collects what the pipeline delivers.
    final class Collector: Subscriber {
        typealias Input = String
        typealias Failure = Never

        var received: [String] = []

        func receive(subscription: Subscription) { subscription.request(.unlimited) }
        func receive(_ input: String) -> Subscribers.Demand {
            received.append(input)
            return .none
        }
        func receive(completion: Subscribers.Completion<Never>) {}
    }

    final class SearchViewModel {
        var minimumLength = 2
        var seen: [String] = []

        func bind(_ query: Source, to output: Collector) {
            query
                .map { $0.lowercased() }
                .handleEvents(receiveOutput: { self.seen.append($0) })
                .filter { $0.count >= self.minimumLength }
                .removeDuplicates()
                .scan("") { $0.isEmpty ? $1 : "\($0)|\($1)" }
                .subscribe(output)
        }
    }

    @Test func nonSendableClosuresWorkInSwift5Mode() {
        // Given
        let viewModel = SearchViewModel()
        let query = Source()
        let output = Collector()
        viewModel.bind(query, to: output)
        // When
        for text in ["K", "Ki", "KI", "Kim"] { query.send(text) }
        // Then
        #expect((output.received, viewModel.seen) == (["ki", "ki|kim"], ["k", "ki", "ki", "kim"]))
    }
}
