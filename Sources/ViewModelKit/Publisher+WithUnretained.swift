import CombineCompat
import Foundation
import RehearsalBase

extension Publisher {
    /// Pairs every value with `object` without retaining it, so `bind()` code can use `owner` instead of
    /// `[weak self]`.
    ///
    /// Semantics (CombineExt's): the publisher holds `object` weakly. While `object` is alive every value arrives
    /// as `(object, value)`. The first value that arrives after `object` has been deallocated is dropped, the
    /// upstream subscription is cancelled and the publisher **finishes**. Failures and completions from upstream
    /// pass through unchanged.
    ///
    /// ```swift
    /// input.load
    ///     .withUnretained(self)
    ///     .sink { owner, _ in owner.reload() }
    ///     .store(in: &cancellables)
    /// ```
    public func withUnretained<Object: AnyObject>(
        _ object: Object
    ) -> Publishers.WithUnretained<Object, Self, (Object, Output)> {
        Publishers.WithUnretained(upstream: self, object: object) { ($0, $1) }
    }

    /// Like ``withUnretained(_:)``, combining the object and each value with `resultSelector`.
    public func withUnretained<Object: AnyObject, Result>(
        _ object: Object,
        resultSelector: @escaping (Object, Output) -> Result
    ) -> Publishers.WithUnretained<Object, Self, Result> {
        Publishers.WithUnretained(upstream: self, object: object, resultSelector: resultSelector)
    }

    /// Subscribes with a closure that receives `object` (held weakly) and each value; values arriving after
    /// `object` is gone end the subscription, as ``withUnretained(_:)`` does.
    public func sink<Object: AnyObject>(
        unretained object: Object,
        receiveValue: @escaping (Object, Output) -> Void
    ) -> AnyCancellable where Failure == Never {
        withUnretained(object).sink { pair in receiveValue(pair.0, pair.1) }
    }
}

extension Publishers {
    /// A publisher that pairs upstream values with a weakly held object and finishes once the object is gone.
    public struct WithUnretained<Object: AnyObject, Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are paired.
        public let upstream: Upstream
        private weak var object: Object?
        private let resultSelector: (Object, Upstream.Output) -> Output

        init(upstream: Upstream, object: Object, resultSelector: @escaping (Object, Upstream.Output) -> Output) {
            self.upstream = upstream
            self.object = object
            self.resultSelector = resultSelector
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            guard let object else {
                // The object is already gone: nothing can ever be delivered.
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            upstream.subscribe(Inner(downstream: subscriber, object: object, resultSelector: resultSelector))
        }
    }
}

extension Publishers.WithUnretained {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let downstream: Downstream
        private weak var object: Object?
        private let resultSelector: (Object, Upstream.Output) -> Output
        private let lock = _Lock()
        private var upstreamSubscription: Subscription?
        private var finished = false

        init(downstream: Downstream, object: Object, resultSelector: @escaping (Object, Upstream.Output) -> Output) {
            self.downstream = downstream
            self.object = object
            self.resultSelector = resultSelector
        }

        func receive(subscription: Subscription) {
            let accepted: Bool = lock.withLock {
                if finished || upstreamSubscription != nil { return false }
                upstreamSubscription = subscription
                return true
            }
            guard accepted else {
                subscription.cancel()
                return
            }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            if lock.withLock({ finished }) { return .none }
            guard let object else {
                let subscription: Subscription? = lock.withLock {
                    finished = true
                    defer { upstreamSubscription = nil }
                    return upstreamSubscription
                }
                subscription?.cancel()
                downstream.receive(completion: .finished)
                return .none
            }
            return downstream.receive(resultSelector(object, input))
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            let alreadyFinished: Bool = lock.withLock {
                defer { finished = true; upstreamSubscription = nil }
                return finished
            }
            if !alreadyFinished { downstream.receive(completion: completion) }
        }

        func request(_ demand: Subscribers.Demand) {
            lock.withLock { upstreamSubscription }?.request(demand)
        }

        func cancel() {
            let subscription: Subscription? = lock.withLock {
                finished = true
                defer { upstreamSubscription = nil }
                return upstreamSubscription
            }
            subscription?.cancel()
        }
    }
}
