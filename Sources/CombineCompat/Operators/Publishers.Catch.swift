#if !canImport(Darwin)

extension Publisher {
    /// Handles errors from an upstream publisher by replacing it with another publisher.
    ///
    /// The downstream keeps its one subscription; demand it requested and did not receive yet is requested again
    /// from the replacement.
    ///
    ///     struct SimpleError: Error {}
    ///     let numbers = [5, 4, 3, 2, 1, 0, 9, 8, 7, 6]
    ///     cancellable = numbers.publisher
    ///         .tryLast(where: { guard $0 != 0 else { throw SimpleError() }; return true })
    ///         .catch { error in Just(-1) }
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "-1"
    public func `catch`<P: Publisher>(
        _ handler: @escaping (Failure) -> P, file: StaticString = #fileID, line: UInt = #line,
        column: UInt = #column
    ) -> Publishers.Catch<Self, P> where P.Output == Output {
        var caught = Publishers.Catch(upstream: self, handler: handler)
        caught.passesFailure = MutationSeam.isChanged(.catch, file: file, line: line, column: column)
        return caught
    }

    /// Handles errors from an upstream publisher by either replacing it with another publisher or throwing a new
    /// error. The failure type becomes `Error`.
    ///
    ///     enum SimpleError: Error { case error }
    ///     let numbers = [5, 4, 3, 2, 1, -1, 7, 8, 9, 10]
    ///     cancellable = numbers.publisher
    ///         .tryMap { v in if v > 0 { return v } else { throw SimpleError.error } }
    ///         .tryCatch { error in Just(0) }
    ///         .sink(receiveCompletion: { print ("\($0)") }, receiveValue: { print ("\($0)", terminator: " ") })
    ///
    ///     // Prints: "5 4 3 2 1 0 finished"
    public func tryCatch<P: Publisher>(
        _ handler: @escaping (Failure) throws -> P
    ) -> Publishers.TryCatch<Self, P> where P.Output == Output {
        Publishers.TryCatch(upstream: self, handler: handler)
    }
}

extension Publishers {
    /// A publisher that handles errors from an upstream publisher by replacing the failed publisher with another
    /// publisher.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = NewPublisher.Failure

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream

        /// A closure that accepts the upstream failure as input and returns a publisher to replace the upstream.
        public let handler: (Upstream.Failure) -> NewPublisher
        /// Whether a failure goes downstream instead of the replacement (a `rehearsal mutate` mutant; see
        /// ``MutationSeam``): as itself where `NewPublisher.Failure` can hold it, else as `.finished`.
        @usableFromInline var passesFailure = false

        /// Creates a publisher that replaces a failed `upstream` with the publisher `handler` returns.
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let handler = self.handler
            let inner = _ResubscribingInner("Catch", downstream: subscriber)
            if passesFailure {
                return inner.attach(upstream) { error in
                    guard let failure = error as? Failure else {
                        return .resubscribe { inner.attach(Empty<Output, Failure>()) { .fail($0) } }
                    }
                    return .fail(failure)
                }
            }
            inner.attach(upstream) { error in
                .resubscribe { inner.attach(handler(error)) { .fail($0) } }
            }
        }
    }

    /// A publisher that handles errors from an upstream publisher by replacing the failed publisher with another
    /// publisher or producing a new error.
    public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Error

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream

        /// An error-throwing closure that accepts the upstream failure as input and returns a publisher to replace
        /// the upstream publisher.
        public let handler: (Upstream.Failure) throws -> NewPublisher

        /// Creates a publisher that replaces a failed `upstream` with the publisher the throwing `handler` returns.
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let handler = self.handler
            let inner = _ResubscribingInner("TryCatch", downstream: subscriber)
            inner.attach(upstream) { error in
                do {
                    let replacement = try handler(error)
                    return .resubscribe { inner.attach(replacement) { .fail($0) } }
                } catch {
                    return .fail(error)
                }
            }
        }
    }
}

#endif
