import Combine

// The team's copy of the `withLatestFrom` operator, written the way such helpers are commonly written for Apple's
// Combine: a publisher in `Publishers` whose subscription class is itself called `Subscription`, so the protocol
// must be named `Combine.Subscription`. It compiles unchanged against this package's `Combine` module on Linux.

extension Publisher {
    /// Combines each value with the latest value of `other`; values that arrive before `other` published anything
    /// are dropped. Completes when `self` completes; a failure of either side fails it.
    func withLatestFrom<Other: Publisher, Result>(
        _ other: Other, resultSelector: @escaping (Output, Other.Output) -> Result
    ) -> Publishers.WithLatestFrom<Self, Other, Result> where Other.Failure == Failure {
        Publishers.WithLatestFrom(upstream: self, other: other, resultSelector: resultSelector)
    }
}

extension Publishers {
    struct WithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
    where Upstream.Failure == Other.Failure {
        typealias Failure = Upstream.Failure

        let upstream: Upstream
        let other: Other
        let resultSelector: (Upstream.Output, Other.Output) -> Output

        func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = Subscription(subscriber: subscriber, resultSelector: resultSelector)
            subscriber.receive(subscription: subscription)
            subscription.start(upstream: upstream, other: other)
        }
    }
}

extension Publishers.WithLatestFrom {
    final class Subscription<S: Subscriber>: Combine.Subscription where S.Input == Output, S.Failure == Failure {
        private var subscriber: S?
        private let resultSelector: (Upstream.Output, Other.Output) -> Output
        private var latest: Other.Output?
        private var demand = Subscribers.Demand.none
        private var cancellables: [AnyCancellable] = []

        init(subscriber: S, resultSelector: @escaping (Upstream.Output, Other.Output) -> Output) {
            self.subscriber = subscriber
            self.resultSelector = resultSelector
        }

        func start(upstream: Upstream, other: Other) {
            other.sink(
                receiveCompletion: { [weak self] completion in
                    if case .failure = completion { self?.finish(completion) }
                },
                receiveValue: { [weak self] value in self?.latest = value }
            )
            .store(in: &cancellables)
            upstream.sink(
                receiveCompletion: { [weak self] completion in self?.finish(completion) },
                receiveValue: { [weak self] value in self?.forward(value) }
            )
            .store(in: &cancellables)
        }

        func request(_ demand: Subscribers.Demand) {
            self.demand += demand
        }

        func cancel() {
            subscriber = nil
            cancellables.forEach { $0.cancel() }
            cancellables = []
        }

        private func forward(_ value: Upstream.Output) {
            guard let subscriber, let latest, demand > 0 else { return }
            demand -= 1
            demand += subscriber.receive(resultSelector(value, latest))
        }

        private func finish(_ completion: Subscribers.Completion<Failure>) {
            let subscriber = self.subscriber
            cancel()
            subscriber?.receive(completion: completion)
        }
    }
}
