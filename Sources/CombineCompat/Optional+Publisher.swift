#if !canImport(Darwin)

extension Optional {
    /// A publisher that publishes this optional's value to each subscriber exactly once, if it has one, then
    /// finishes; `nil` finishes at once.
    ///
    /// ```swift
    /// let name: String? = "Kim"
    /// let cancellable = name.publisher.sink { print($0) }    // Prints: Kim
    /// ```
    public var publisher: Publisher { Publisher(self) }

    /// A publisher that publishes an optional value to each subscriber exactly once, if the optional has a value.
    ///
    /// A subscriber receives the value at its first demand, then `finished`; for `nil` it receives an empty
    /// subscription and `finished` at once, without any demand. Failure is `Never`.
    ///
    /// ```swift
    /// let cancellable = Optional<Int>.none.publisher.sink(
    ///     receiveCompletion: { print($0) }, receiveValue: { print($0) })    // Prints: finished
    /// ```
    public struct Publisher: CombineCompat.Publisher {
        /// The kind of value published by this publisher: the optional's `Wrapped` type.
        public typealias Output = Wrapped

        /// The kind of error this publisher might publish: it never fails.
        public typealias Failure = Never

        /// The output to deliver to each subscriber, or `nil` to finish without one.
        public let output: Wrapped?

        /// Creates a publisher to emit the value of the optional, or to finish immediately if it has none.
        public init(_ output: Wrapped?) {
            self.output = output
        }

        /// Attaches a subscriber: the value at its first demand then `finished`, or `finished` at once for `nil`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
            if let output {
                _SequenceSubscription.start(
                    CollectionOfOne(output), completion: .finished, for: subscriber, kind: .optional)
            } else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
            }
        }
    }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {}

#endif
