#if !canImport(Darwin)

extension Publisher {
    /// Raises a fatal error when its upstream publisher fails, and otherwise republishes all received input.
    ///
    /// The upstream subscription is handed to the subscriber unchanged, so demand and cancellation reach upstream
    /// directly. A failure stops the process with `prefix: error` (or just the error without a prefix), located
    /// at `file`/`line`; in a scenario, the worker reports a crash of that scenario with this message.
    ///
    ///     public enum SubjectError: Error { case genericSubjectError }
    ///     let subject = CurrentValueSubject<String, Error>("initial value")
    ///     subject
    ///         .assertNoFailure()
    ///         .sink(receiveCompletion: { print("completion: \($0)") }, receiveValue: { print("value: \($0).") })
    ///     subject.send("second value")
    ///     subject.send(completion: Subscribers.Completion<Error>.failure(SubjectError.genericSubjectError))
    ///
    ///     // Prints:
    ///     //  value: initial value.
    ///     //  value: second value.
    ///     // The process then terminates in the debugger as the assertNoFailure operator catches the failure.
    ///
    /// - Parameters:
    ///   - prefix: A string used at the beginning of the fatal error message.
    ///   - file: A filename used in the error message. Defaults to `#file`.
    ///   - line: A line number used in the error message. Defaults to `#line`.
    public func assertNoFailure(
        _ prefix: String = "",
        file: StaticString = #file,
        line: UInt = #line
    ) -> Publishers.AssertNoFailure<Self> {
        Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
    }
}

extension Publishers {
    /// A publisher that raises a fatal error upon receiving any failure, and otherwise republishes all received
    /// input.
    public struct AssertNoFailure<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish: none, a failure stops the process.
        public typealias Failure = Never

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The string used at the beginning of the fatal error message.
        public let prefix: String
        /// The filename used in the error message.
        public let file: StaticString
        /// The line number used in the error message.
        public let line: UInt

        /// Creates a publisher that passes through elements and stops the process on a failure.
        public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
            self.upstream = upstream
            self.prefix = prefix
            self.file = file
            self.line = line
        }

        /// Attaches `subscriber` to the upstream publisher through a subscriber that stops on a failure.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            upstream.subscribe(_AssertNoFailureInner(downstream: subscriber, prefix: prefix, file: file, line: line))
        }
    }
}

/// Forwards everything, the subscription included, and turns a failure into a fatal error.
private struct _AssertNoFailureInner<Downstream: Subscriber, UpstreamFailure: Error>: Subscriber,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Failure == Never {
    typealias Input = Downstream.Input
    typealias Failure = UpstreamFailure

    let downstream: Downstream
    let prefix: String
    let file: StaticString
    let line: UInt
    let combineIdentifier = CombineIdentifier()

    init(downstream: Downstream, prefix: String, file: StaticString, line: UInt) {
        self.downstream = downstream
        self.prefix = prefix
        self.file = file
        self.line = line
    }

    var description: String { "AssertNoFailure" }
    var playgroundDescription: Any { description }
    /// Where the assertion was made and its message prefix, as Combine's `assertNoFailure` shows itself (the
    /// OpenCombine compatibility suite).
    var customMirror: Mirror { Mirror(self, children: ["file": file, "line": line, "prefix": prefix]) }

    func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }

    func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(input) }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        switch completion {
        case .finished:
            downstream.receive(completion: .finished)
        case .failure(let error):
            fatalError(_assertNoFailureMessage(prefix: prefix, error: error), file: file, line: line)
        }
    }
}

/// The message `assertNoFailure` stops with: `prefix: error`, or the error alone without a prefix.
package func _assertNoFailureMessage(prefix: String, error: Error) -> String {
    prefix.isEmpty ? "\(error)" : "\(prefix): \(error)"
}

#endif
