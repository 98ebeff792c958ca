#if !canImport(Darwin)

/// A publisher that exposes its elements as an asynchronous sequence.
///
/// Iterating requests one value at a time. Cancelling the iterating task, or dropping the iterator, cancels the
/// subscription.
///
/// ```swift
/// for await name in viewModel.$name.values {
///     print(name)
/// }
/// ```
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
    public typealias Element = P.Output

    private let publisher: P

    /// Creates a publisher that exposes elements received from an upstream publisher as an asynchronous sequence.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> Iterator {
        let bridge = _AsyncBridge<P.Output, Never>()
        publisher.subscribe(bridge)
        return Iterator(lifetime: _AsyncBridgeLifetime(bridge))
    }

    /// The iterator that produces elements of the asynchronous publisher sequence.
    public struct Iterator: AsyncIteratorProtocol {
        private let lifetime: _AsyncBridgeLifetime<P.Output, Never>

        fileprivate init(lifetime: _AsyncBridgeLifetime<P.Output, Never>) {
            self.lifetime = lifetime
        }

        /// Produces the next element, or `nil` once the publisher has finished or the task is cancelled.
        public mutating func next() async -> P.Output? {
            // The bridge throws `Never` here.
            await lifetime.bridge.next()
        }
    }
}

/// A publisher that exposes its elements as an asynchronous throwing sequence.
///
/// Iterating requests one value at a time and rethrows the publisher's failure. Cancelling the iterating task, or
/// dropping the iterator, cancels the subscription; the iteration then ends without an error.
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
    public typealias Element = P.Output

    private let publisher: P

    /// Creates a publisher that exposes elements received from an upstream publisher as a throwing asynchronous
    /// sequence.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> Iterator {
        let bridge = _AsyncBridge<P.Output, P.Failure>()
        publisher.subscribe(bridge)
        return Iterator(lifetime: _AsyncBridgeLifetime(bridge))
    }

    /// The iterator that produces elements of the asynchronous publisher sequence.
    public struct Iterator: AsyncIteratorProtocol {
        private let lifetime: _AsyncBridgeLifetime<P.Output, P.Failure>

        fileprivate init(lifetime: _AsyncBridgeLifetime<P.Output, P.Failure>) {
            self.lifetime = lifetime
        }

        /// Produces the next element, `nil` once the publisher has finished, or throws its failure.
        public mutating func next() async throws -> P.Output? {
            try await lifetime.bridge.next()
        }
    }
}

extension Publisher where Failure == Never {
    /// The elements produced by the publisher, as an asynchronous sequence (iOS 15).
    ///
    /// Disfavoured (`@_disfavoredOverload`): Combine helper libraries back-port it under the same name behind
    /// `@available(iOS, deprecated: 15.0)` or `obsoleted: 15.0`, which bind nothing on Linux, and their declaration
    /// then wins here as it does on a phone below iOS 15, instead of "ambiguous use".
    @_disfavoredOverload
    public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

extension Publisher {
    /// The elements produced by the publisher, as a throwing asynchronous sequence (iOS 15; disfavoured, as above).
    @_disfavoredOverload
    public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
}

/// Cancels the bridge's subscription when the last copy of an iterator goes away.
final class _AsyncBridgeLifetime<Output, Failure: Error>: Sendable {
    let bridge: _AsyncBridge<Output, Failure>

    init(_ bridge: _AsyncBridge<Output, Failure>) {
        self.bridge = bridge
    }

    deinit {
        bridge.cancel()
    }
}

#endif
