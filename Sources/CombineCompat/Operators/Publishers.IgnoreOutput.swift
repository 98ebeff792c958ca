#if !canImport(Darwin)

extension Publisher {
    /// Ignores all upstream elements, but passes along the upstream publisher's completion state (finished or
    /// failed). Requests `.unlimited` from upstream.
    ///
    ///     struct NoZeroValuesAllowedError: Error {}
    ///     cancellable = [1, 2, 3, 4, 5, 0, 6, 7, 8, 9].publisher
    ///         .tryFilter { guard $0 != 0 else { throw NoZeroValuesAllowedError() }; return $0 < 20 }
    ///         .ignoreOutput()
    ///         .sink(receiveCompletion: { print("completion: \($0)") }, receiveValue: { print("value \($0)") })
    ///
    ///     // Prints: "completion: failure(NoZeroValuesAllowedError())"
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }
}

extension Publishers {
    /// A publisher that ignores all upstream elements, but passes along the upstream publisher's completion state.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Never
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a publisher that republishes only the completion of `upstream`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        ///
        /// As in Combine, `ignoreOutput` keeps no state: the subscriber receives the upstream's own subscription,
        /// then `.unlimited` is requested from it; every completion is passed on (the OpenCombine suite, whose
        /// compatibility mode runs against Apple's Combine: IgnoreOutputTests).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(_IgnoreOutputInner<Upstream.Output, S>(downstream: subscriber))
        }
    }
}

/// The subscriber `ignoreOutput` puts between its upstream and the downstream ("IgnoreOutput", no children).
struct _IgnoreOutputInner<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
where Downstream.Input == Never {
    typealias Failure = Downstream.Failure

    let combineIdentifier = CombineIdentifier()
    let downstream: Downstream

    func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand { .none }

    func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }

    var description: String { "IgnoreOutput" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
    var playgroundDescription: Any { description }
}

#endif
