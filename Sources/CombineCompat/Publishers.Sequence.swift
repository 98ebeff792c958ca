#if !canImport(Darwin)

extension Publishers {
    /// A publisher that publishes a given sequence of elements, as demand allows, then finishes.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher.sink { print($0) }    // Prints: 1, 2, 3
    /// ```
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element

        /// The sequence of elements to publish.
        public let sequence: Elements

        /// Creates a publisher for a sequence of elements.
        public init(sequence: Elements) {
            self.sequence = sequence
        }

        /// Attaches a subscriber; it receives the elements as it demands them, then `finished`.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _SequenceSubscription.start(sequence, completion: .finished, for: subscriber)
        }
    }
}

extension Sequence {
    /// A publisher that publishes the elements of this sequence, then finishes.
    public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}

#endif
