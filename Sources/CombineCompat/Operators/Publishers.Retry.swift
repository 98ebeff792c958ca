#if !canImport(Darwin)

extension Publisher {
    /// Attempts to recreate a failed subscription with the upstream publisher up to the number of times you
    /// specify.
    ///
    /// After each failure the upstream is subscribed again and asked for the demand still outstanding; once the
    /// retries are used up, the last failure is republished. A negative count, like `Publishers.Retry`'s `nil`,
    /// retries without end. An upstream that fails again from inside its subscribe call is resubscribed from a
    /// loop, not by recursion, so any number of such failures in a row is safe.
    ///
    ///     struct WebSiteData: Codable { var rawHTML: String }
    ///     let myURL = URL(string: "https://www.example.com")
    ///     cancellable = URLSession.shared.dataTaskPublisher(for: myURL!)
    ///         .retry(3)
    ///         .map({ (page) -> WebSiteData in return WebSiteData(rawHTML: String(decoding: page.data, as: UTF8.self)) })
    ///         .catch { error in return Just(WebSiteData(rawHTML: "<HTML>Unable to load page - timed out.</HTML>")) }
    ///         .sink(receiveCompletion: { print ("completion: \($0)") }, receiveValue: { print ("value: \($0)") })
    ///
    ///     // Prints: The HTML content from the remote URL upon a successful connection,
    ///     //         or returns "<HTML>Unable to load page - timed out.</HTML>" if the number of retries exceeds
    ///     //         the specified value.
    ///
    /// - Parameter retries: The number of times to attempt to recreate the subscription.
    public func retry(_ retries: Int, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column)
        -> Publishers.Retry<Self>
    {
        Publishers.Retry(
            upstream: self, retries: MutationSeam.count(retries, .retry, file: file, line: line, column: column))
    }
}

extension Publishers {
    /// A publisher that attempts to recreate its subscription to a failed upstream publisher.
    public struct Retry<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The maximum number of retry attempts to perform; `nil` retries indefinitely.
        public let retries: Int?

        /// Creates a publisher that resubscribes to a failed `upstream` up to `retries` times (`nil`: forever).
        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _RetryInner(upstream: upstream, downstream: subscriber, retries: retries).attempt()
        }
    }
}

#endif
