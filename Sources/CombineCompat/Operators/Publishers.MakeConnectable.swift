#if !canImport(Darwin)

extension Publishers {
    /// A publisher that provides explicit connectability to another publisher.
    ///
    /// Subscribers receive nothing until `connect()`; then every current subscriber receives the upstream's
    /// elements through one shared subscription.
    public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        private let inner: Multicast<Upstream, PassthroughSubject<Output, Failure>>

        /// Creates a connectable publisher, attached to the provided upstream publisher.
        public init(upstream: Upstream) {
            inner = Multicast(upstream: upstream, createSubject: { PassthroughSubject() })
        }

        /// Attaches a subscriber; values flow once `connect()` is called.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            inner.subscribe(subscriber)
        }

        /// Connects to the upstream; cancel the result to disconnect.
        public func connect() -> Cancellable {
            inner.connect()
        }
    }
}

extension Publisher where Failure == Never {
    /// Creates a connectable wrapper around the publisher.
    ///
    /// ```swift
    /// let connectable = [1, 2].publisher.makeConnectable()
    /// let cancellable = connectable.sink { print($0) }
    /// let connection = connectable.connect()    // Prints: 1, 2
    /// ```
    public func makeConnectable() -> Publishers.MakeConnectable<Self> {
        Publishers.MakeConnectable(upstream: self)
    }
}

#endif
