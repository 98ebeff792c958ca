import CombineCompat
import Foundation
import Testing

/// A publisher of a fixed list of values that ignores demand, enough to drive operators in Swift 5 mode.
private struct Values<Output>: Publisher {
    typealias Failure = Never
    let values: [Output]

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: Subscriptions.empty)
        for value in values { _ = subscriber.receive(value) }
        subscriber.receive(completion: .finished)
    }
}

/// A ViewModel in the seeds' style: non-Sendable state captured by non-`@Sendable` closures.
private final class SearchViewModel {
    var results: [String] = []
    var finished = false

    func bind(queries: [String]) {
        Values(values: queries)
            .flatMap(maxPublishers: .max(1)) { query in Values(values: [query.uppercased()]) }
            .merge(with: Values(values: ["merged"]))
            .combineLatest(Values(values: [1])) { text, page in "\(text)#\(page)" }
            .zip(Values(values: [1, 2, 3])) { text, index in "\(index):\(text)" }
            .receive(on: ImmediateScheduler.shared)
            .subscribe(
                AnySubscriber(
                    receiveSubscription: { $0.request(.unlimited) },
                    receiveValue: {
                        self.results.append($0); return .none
                    },
                    receiveCompletion: { _ in self.finished = true }
                ))
    }

    /// Compiles the time operators against the real schedulers in Swift 5 mode (not run on real time).
    func timeOperators(_ upstream: Values<String>) -> AnyPublisher<String, Never> {
        upstream
            .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
            .throttle(for: 0.5, scheduler: RunLoop.main, latest: true)
            .delay(for: .seconds(1), scheduler: OperationQueue.main)
            .timeout(.seconds(5), scheduler: DispatchQueue.main)
            .subscribe(on: DispatchQueue.global())
            .flatMap { text in Values(values: [text + "\(self.results.count)"]) }
            .eraseToAnyPublisher()
    }
}

@Suite struct FlowOperatorsSwift5Tests {
    @Test func viewModelStyleChainCompilesAndRunsInSwift5Mode() {
        // Given
        let viewModel = SearchViewModel()
        // When
        viewModel.bind(queries: ["kim"])
        _ = viewModel.timeOperators(Values(values: []))
        // Then
        // Synchronous upstreams: "KIM" is superseded by "merged" before the page arrives, and zip finishes once
        // combineLatest has finished with nothing left to pair.
        #expect(viewModel.results == ["1:merged#1"])
        #expect(viewModel.finished)
    }
}
