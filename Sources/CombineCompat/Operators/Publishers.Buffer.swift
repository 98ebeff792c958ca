#if !canImport(Darwin)

extension Publisher {
    /// Buffers elements received from an upstream publisher, for a subscriber that asks for them later.
    ///
    /// - `.keepFull` asks upstream for `size` elements at subscription, then for one more whenever a value goes
    ///   straight through and, after a request, for as many as left the buffer, to keep it full; `.byRequest` asks
    ///   upstream for `.unlimited` at once.
    /// - When the buffer is full, `.dropNewest` drops the arriving element, `.dropOldest` the oldest buffered one,
    ///   and `.customError` cancels upstream: the subscriber then receives the buffered elements it asks for,
    ///   followed by the error.
    /// - `finished` follows the last buffered element, at a request; an upstream failure is delivered at once and
    ///   the buffer is discarded (after a delivery already under way).
    ///
    ///     cancellable = [1, 2, 3, 4, 5].publisher
    ///         .buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest)
    ///         .sink { print($0) }
    ///
    /// - Parameters:
    ///   - size: The maximum number of elements to store.
    ///   - prefetch: The strategy to initially populate the buffer.
    ///   - whenFull: The action to take when the buffer becomes full.
    public func buffer(
        size: Int,
        prefetch: Publishers.PrefetchStrategy,
        whenFull: Publishers.BufferingStrategy<Failure>
    ) -> Publishers.Buffer<Self> {
        Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}

extension Publishers {
    /// A strategy for filling a buffer.
    public enum PrefetchStrategy: Hashable {
        /// A strategy to fill the buffer at subscription time, and keep it full thereafter: it requests `size`
        /// elements from upstream when the subscriber connects, then keeps requesting to keep the buffer full.
        case keepFull
        /// A strategy that avoids prefetching and instead performs requests on demand (upstream is asked for
        /// `.unlimited` at once; the buffer bounds what is kept).
        case byRequest
    }

    /// A strategy that handles exhaustion of a buffer's capacity.
    ///
    ///     .buffer(size: 10, prefetch: .keepFull, whenFull: .customError { BufferError.overflow })
    public enum BufferingStrategy<Failure: Error> {
        /// When the buffer is full, discard the newly received element.
        case dropNewest
        /// When the buffer is full, discard the oldest element in the buffer.
        case dropOldest
        /// When the buffer is full, execute the closure to provide a custom error.
        case customError(() -> Failure)
    }

    /// A publisher that buffers elements from an upstream publisher.
    public struct Buffer<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The maximum number of elements to store.
        public let size: Int
        /// The strategy for initially populating the buffer.
        public let prefetch: PrefetchStrategy
        /// The action to take when the buffer becomes full.
        public let whenFull: BufferingStrategy<Failure>

        /// Creates a publisher that buffers elements received from an upstream publisher.
        public init(upstream: Upstream, size: Int, prefetch: PrefetchStrategy, whenFull: BufferingStrategy<Failure>) {
            self.upstream = upstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        /// Attaches `subscriber`: subscribes it, through the buffer, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                _BufferInner<S, Upstream.Failure>(
                    downstream: subscriber, size: Swift.max(0, size), prefetch: prefetch, whenFull: whenFull))
        }
    }
}

#endif
