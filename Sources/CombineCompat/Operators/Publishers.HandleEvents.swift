#if !canImport(Darwin)

extension Publisher {
    /// Performs the specified closures when publisher events occur.
    ///
    /// Each closure runs before the event is passed on: `receiveSubscription` before the downstream gets its
    /// subscription, `receiveOutput` before a value is delivered, `receiveCompletion` before the completion,
    /// `receiveRequest` before a demand goes upstream and `receiveCancel` before upstream is cancelled.
    ///
    ///     cancellable = (1...2).publisher
    ///         .handleEvents(receiveSubscription: { _ in print("subscribed") },
    ///                       receiveOutput: { print("output \($0)") },
    ///                       receiveCompletion: { print("completion \($0)") },
    ///                       receiveRequest: { print("request \($0)") })
    ///         .sink { _ in }
    ///
    ///     // Prints:
    ///     //  subscribed
    ///     //  request unlimited
    ///     //  output 1
    ///     //  output 2
    ///     //  completion finished
    @inlinable
    public func handleEvents(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self,
            receiveSubscription: receiveSubscription,
            receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion,
            receiveCancel: receiveCancel,
            receiveRequest: receiveRequest
        )
    }
}

extension Publishers {
    /// A publisher that performs the specified closures when publisher events occur.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// A closure that executes when the publisher receives the subscription from the upstream publisher.
        public var receiveSubscription: ((Subscription) -> Void)?

        /// A closure that executes when the publisher receives a value from the upstream publisher.
        public var receiveOutput: ((Upstream.Output) -> Void)?

        /// A closure that executes when the upstream publisher finishes normally or terminates with an error.
        public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?

        /// A closure that executes when the downstream receiver cancels publishing.
        public var receiveCancel: (() -> Void)?

        /// A closure that executes when the publisher receives a request for more elements.
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        /// Creates a publisher that performs the given closures when publisher events occur.
        @inlinable
        public init(
            upstream: Upstream,
            receiveSubscription: ((Subscription) -> Void)? = nil,
            receiveOutput: ((Upstream.Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)? = nil,
            receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)? = nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (receiveOutput, receiveCompletion) = (self.receiveOutput, self.receiveCompletion)
            let hooks = _TransformHooks(
                receiveSubscription: receiveSubscription,
                receiveCancel: receiveCancel,
                receiveRequest: receiveRequest
            )
            upstream._subscribeTransform(
                "HandleEvents",
                subscriber,
                hooks: hooks,
                policy: .forwards,
                reflection: .empty,
                step: { value, inner in
                    receiveOutput?(value)
                    return inner.emit(value)
                },
                complete: { completion in
                    receiveCompletion?(completion)
                    return (nil, completion)
                }
            )
        }
    }
}

#endif
