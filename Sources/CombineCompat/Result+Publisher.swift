#if !canImport(Darwin)

extension Result {
    /// A publisher that publishes this result's output once and finishes, or fails with its error.
    ///
    /// ```swift
    /// let cancellable = Result<Int, Error>.success(1).publisher.sink(
    ///     receiveCompletion: { print($0) }, receiveValue: { print($0) })    // Prints: 1, finished
    /// ```
    public var publisher: Publisher { Publisher(self) }

    /// A publisher that publishes an output to each subscriber exactly once then finishes, or fails immediately
    /// without producing any elements.
    public struct Publisher: CombineCompat.Publisher {
        public typealias Output = Success

        /// The result to deliver to each subscriber.
        public let result: Result<Success, Failure>

        /// Creates a publisher that delivers the specified result.
        public init(_ result: Result<Success, Failure>) {
            self.result = result
        }

        /// Creates a publisher that sends the specified output.
        public init(_ output: Success) {
            result = .success(output)
        }

        /// Creates a publisher that immediately fails with the specified error.
        public init(_ failure: Failure) {
            result = .failure(failure)
        }

        /// Attaches a subscriber: the success at its first demand then `finished`, or the failure at once.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Success, S.Failure == Failure {
            switch result {
            case .success(let output):
                _SequenceSubscription.start(
                    CollectionOfOne(output), completion: .finished, for: subscriber, kind: .once)
            case .failure(let error):
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .failure(error))
            }
        }
    }
}

extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}

#endif
