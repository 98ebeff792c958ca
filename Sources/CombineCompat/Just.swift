#if !canImport(Darwin)

/// A publisher that emits an output to each subscriber just once, then finishes.
///
/// The value is delivered at the subscriber's first demand.
///
/// ```swift
/// let cancellable = Just(42).sink { print($0) }    // Prints: 42
/// ```
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The one element that the publisher emits.
    public let output: Output

    /// Initializes a publisher that emits the specified output just once.
    public init(_ output: Output) {
        self.output = output
    }

    /// Attaches a subscriber; it receives the output at its first demand, then `finished`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        _SequenceSubscription.start(CollectionOfOne(output), completion: .finished, for: subscriber, kind: .just)
    }
}

extension Just: Equatable where Output: Equatable {}

#endif
