import RehearsalBase

#if !canImport(Darwin)

extension Publisher {
    /// Prints log messages for all publishing events.
    ///
    /// Each line starts with `prefix` and a colon when `prefix` is not empty. Lines go to `stream`, or to standard
    /// output when `stream` is `nil`. Demand returned from the downstream's `receive(_:)` is marked `(synchronous)`.
    ///
    ///     let integers = (1...2)
    ///     cancellable = integers.publisher
    ///         .print("Logged a message", to: nil)
    ///         .sink { _ in }
    ///
    ///     // Prints:
    ///     //  Logged a message: receive subscription: (1...2)
    ///     //  Logged a message: request unlimited
    ///     //  Logged a message: receive value: (1)
    ///     //  Logged a message: receive value: (2)
    ///     //  Logged a message: receive finished
    public func print(_ prefix: String = "", to stream: TextOutputStream? = nil) -> Publishers.Print<Self> {
        Publishers.Print(upstream: self, prefix: prefix, to: stream)
    }
}

extension Publishers {
    /// A publisher that prints log messages for all publishing events, optionally prefixed with a given string.
    public struct Print<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// A string with which to prefix all log messages.
        public let prefix: String

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The stream the log messages go to; `nil` means standard output.
        public let stream: TextOutputStream?

        /// Creates a publisher that prints log messages for all publishing events.
        public init(upstream: Upstream, prefix: String, to stream: TextOutputStream? = nil) {
            self.upstream = upstream
            self.prefix = prefix
            self.stream = stream
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let log = _PrintLog(prefix: prefix, stream: stream)
            let hooks = _TransformHooks(
                receiveSubscription: { log.write("receive subscription: (\($0))") },
                receiveCancel: { log.write("receive cancel") },
                receiveRequest: { log.write("request \(_PrintLog.describe($0))") }
            )
            upstream._subscribeTransform(
                "Print",
                subscriber,
                hooks: hooks,
                policy: .forwards,
                reflection: .empty,
                step: { value, inner in
                    log.write("receive value: (\(value))")
                    let demand = inner.emit(value)
                    if demand > 0 { log.write("request \(_PrintLog.describe(demand)) (synchronous)") }
                    return demand
                },
                complete: { completion in
                    switch completion {
                    case .finished: log.write("receive finished")
                    case .failure(let error): log.write("receive error: (\(error))")
                    }
                    return (nil, completion)
                }
            )
        }
    }
}

/// The destination of one `print` subscription's lines; writes one whole line at a time under a lock.
final class _PrintLog: @unchecked Sendable {
    private let prefix: String
    private let lock = _Lock()
    private var stream: TextOutputStream?

    init(prefix: String, stream: TextOutputStream?) {
        self.prefix = prefix.isEmpty ? "" : prefix + ": "
        self.stream = stream
    }

    static func describe(_ demand: Subscribers.Demand) -> String {
        demand.max.map { "max: (\($0))" } ?? "unlimited"
    }

    func write(_ message: String) {
        let line = prefix + message
        lock.lock()
        defer { lock.unlock() }
        if stream == nil {
            Swift.print(line)
        } else {
            stream?.write(line + "\n")
        }
    }
}

#endif
