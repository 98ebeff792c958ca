#if !canImport(Darwin)

extension Publisher {
    /// Replaces any errors in the stream with the provided element.
    ///
    /// On failure the element is published (once the downstream has demand) followed by `.finished`.
    ///
    ///     struct MyError: Error {}
    ///     let fail = Fail<String, MyError>(error: MyError())
    ///     cancellable = fail
    ///         .replaceError(with: "(replacement element)")
    ///         .sink(receiveCompletion: { print ("\($0)") }, receiveValue: { print ("\($0)", terminator: " ") })
    ///
    ///     // Prints: "(replacement element) finished".
    public func replaceError(
        with output: Output, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> Publishers.ReplaceError<Self> {
        var replaceError = Publishers.ReplaceError(upstream: self, output: output)
        replaceError.finishesInstead = MutationSeam.isChanged(.replaceError, file: file, line: line, column: column)
        return replaceError
    }
}

extension Publishers {
    /// A publisher that replaces any errors in the stream with a provided element.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Never

        /// The element with which to replace errors from the upstream publisher.
        public let output: Upstream.Output

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// Whether a failure finishes instead of sending `output` (a `rehearsal mutate` mutant; see ``MutationSeam``).
        @usableFromInline var finishesInstead = false

        /// Creates a publisher that replaces a failure of `upstream` with `output`.
        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            if finishesInstead {
                // Built directly: the `catch` method would count this call as one of the team's.
                return Publishers.Catch(upstream: upstream) { _ in Empty() }.subscribe(subscriber)
            }
            let output = self.output
            upstream.subscribe(
                _ReplaceInner<S, Upstream.Failure>("ReplaceError", downstream: subscriber) { completion, _ in
                    guard case .failure = completion else { return (nil, .finished) }
                    return (output, .finished)
                }
            )
        }
    }
}

#endif
