#if !canImport(Darwin)

extension Publisher {
    /// Applies a closure that collects each element of a stream and publishes a final result upon completion.
    ///
    ///     let numbers = (0...10)
    ///     cancellable = numbers.publisher
    ///         .reduce(0, { accum, next in accum + next })
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "55"
    public func reduce<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Output) -> T
    ) -> Publishers.Reduce<Self, T> {
        Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Applies an error-throwing closure that collects each element of a stream and publishes a final result upon
    /// completion. If the closure throws, the publisher cancels upstream and fails with the error.
    ///
    ///     struct DivisionByZeroError: Error {}
    ///     cancellable = [1, 2, 3, 0].publisher
    ///         .tryReduce(6) { accum, next in guard next != 0 else { throw DivisionByZeroError() }; return accum / next }
    ///         .sink(receiveCompletion: { print("\($0)") }, receiveValue: { print("\($0)") })
    ///
    ///     // Prints: "failure(DivisionByZeroError())"
    public func tryReduce<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Output) throws -> T
    ) -> Publishers.TryReduce<Self, T> {
        Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// A publisher that applies a closure to all received elements and produces an accumulated value when the
    /// upstream publisher finishes.
    public struct Reduce<Upstream: Publisher, Output>: Publisher {
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The initial value provided on the first invocation of the closure.
        public let initial: Output

        /// A closure that takes the previously-accumulated value and the next element from the upstream publisher
        /// to produce a new value.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// Creates a publisher that folds all upstream elements into one value.
        public init(
            upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let nextPartialResult = self.nextPartialResult
            upstream._subscribeReduce(
                "Reduce",
                subscriber,
                initial: initial,
                fold: { accumulator, value in
                    accumulator = nextPartialResult(accumulator, value)
                    return .continue
                },
                finalize: { $0 }
            )
        }
    }

    /// A publisher that applies an error-throwing closure to all received elements and produces an accumulated
    /// value when the upstream publisher finishes.
    public struct TryReduce<Upstream: Publisher, Output>: Publisher {
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The initial value provided on the first invocation of the closure.
        public let initial: Output

        /// An error-throwing closure that takes the previously-accumulated value and the next element from the
        /// upstream to produce a new value.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// Creates a publisher that folds all upstream elements into one value with a throwing closure.
        public init(
            upstream: Upstream,
            initial: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let nextPartialResult = self.nextPartialResult
            upstream._subscribeTryReduce(
                "TryReduce",
                subscriber,
                initial: initial,
                fold: { accumulator, value in
                    do {
                        accumulator = try nextPartialResult(accumulator, value)
                        return .continue
                    } catch {
                        return .fail(error)
                    }
                },
                finalize: { $0 }
            )
        }
    }
}

#endif
