#if !canImport(Darwin)

extension Publishers {
    /// A publisher created by applying the merge function to an arbitrary number of upstream publishers.
    ///
    /// Same semantics as ``Publishers/Merge``: one delivery at a time, demand forwarded to every upstream, finishes
    /// when all upstreams have finished (immediately when there are none), fails on the first failure.
    ///
    /// ```swift
    /// let cancellable = Publishers.MergeMany(first, second).sink { print($0) }
    /// second.send(2); first.send(1)
    /// // Prints: "2", then "1"
    /// ```
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publishers that this publisher receives elements from.
        public let publishers: [Upstream]

        /// Creates a publisher for the given upstream publishers.
        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        /// Creates a publisher for the given sequence of upstream publishers.
        public init<S: Swift.Sequence>(_ upstream: S) where Upstream == S.Element {
            publishers = Array(upstream)
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _MergeInner.subscribe(subscriber, publishers.map { publisher in { publisher.subscribe($0) } })
        }

        /// Returns a publisher that merges one more upstream publisher into this one.
        public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
            Publishers.MergeMany(publishers + [other])
        }
    }
}

#endif
