#if !canImport(Darwin)

extension Publisher {
    /// Transforms elements from the upstream publisher by providing the current element to a closure along with the
    /// last value returned by the closure.
    ///
    /// Every subscription starts again from `initialResult`.
    ///
    ///     let range = (0...5)
    ///     cancellable = range.publisher
    ///         .scan(0) { return $0 + $1 }
    ///         .sink { print ("\($0)", terminator: " ") }
    ///
    ///     // Prints: "0 1 3 6 10 15 ".
    @inlinable
    public func scan<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Output) -> T
    ) -> Publishers.Scan<Self, T> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Transforms elements from the upstream publisher by providing the current element to an error-throwing closure
    /// along with the last value returned by the closure. If the closure throws, the publisher cancels upstream and
    /// fails with the error.
    ///
    ///     struct DivisionByZeroError: Error {}
    ///     cancellable = [1, 2, 3, 0, 4].publisher
    ///         .tryScan(1) { if $1 == 0 { throw DivisionByZeroError() } else { return $0 * $1 } }
    ///         .sink(receiveCompletion: { print("\($0)") }, receiveValue: { print("\($0)", terminator: " ") })
    ///
    ///     // Prints: "1 2 6 failure(DivisionByZeroError())"
    @inlinable
    public func tryScan<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Output) throws -> T
    ) -> Publishers.TryScan<Self, T> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// A publisher that transforms elements by providing each to a closure along with the last value it returned.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The previous result returned by the `nextPartialResult` closure, before any element arrived.
        public let initialResult: Output

        /// A closure that takes as its arguments the previous value returned by the closure and the next element
        /// emitted from the upstream publisher.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// Creates a publisher that accumulates elements with `nextPartialResult`, starting from `initialResult`.
        @inlinable
        public init(
            upstream: Upstream,
            initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        ///
        /// As in Combine, the subscriber receives the upstream's own subscription; `scan` only keeps the running
        /// result.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, initial: initialResult, next: nextPartialResult))
        }
    }

    /// A publisher that transforms elements by providing each to an error-throwing closure along with the last value
    /// it returned.
    public struct TryScan<Upstream: Publisher, Output>: Publisher {
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The previous result returned by the `nextPartialResult` closure, before any element arrived.
        public let initialResult: Output

        /// An error-throwing closure that takes as its arguments the previous value returned by the closure and the
        /// next element emitted from the upstream publisher.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// Creates a publisher that accumulates elements with a throwing `nextPartialResult`.
        @inlinable
        public init(
            upstream: Upstream,
            initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let nextPartialResult = self.nextPartialResult
            var accumulator = initialResult
            upstream._subscribeTryTransform(
                "TryScan", subscriber, policy: .forwardsValues,
                reflection: .state { [("status", $0.status), ("result", accumulator)] }
            ) { value, inner in
                do {
                    accumulator = try nextPartialResult(accumulator, value)
                    return inner.emit(accumulator)
                } catch {
                    return inner.fail(error)
                }
            }
        }
    }
}

extension Publishers.Scan {
    /// The subscriber `scan` puts between its upstream and the downstream: it keeps the running result.
    @usableFromInline
    final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias Failure = Upstream.Failure

        @usableFromInline let combineIdentifier = CombineIdentifier()
        @usableFromInline let downstream: Downstream
        /// The running result; upstream delivers serially, so only one value updates it at a time.
        @usableFromInline var result: Output
        @usableFromInline let next: (Output, Upstream.Output) -> Output

        @inlinable
        init(downstream: Downstream, initial: Output, next: @escaping (Output, Upstream.Output) -> Output) {
            self.downstream = downstream
            result = initial
            self.next = next
        }

        @inlinable
        func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }

        @inlinable
        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            result = next(result, input)
            return downstream.receive(result)
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            downstream.receive(completion: completion)
        }

        @usableFromInline var description: String { "Scan" }
        @usableFromInline var customMirror: Mirror {
            Mirror(self, children: ["downstream": downstream, "result": result])
        }
        @usableFromInline var playgroundDescription: Any { description }
    }
}

#endif
