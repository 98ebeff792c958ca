#if !canImport(Combine)

extension Subscribers {
    /// A simple subscriber that requests an unlimited number of values upon subscription.
    ///
    /// The closures are released when the sink completes or is cancelled, never while a lock is held.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        @unchecked Sendable
    {
        @usableFromInline let lock = _Lock()
        @usableFromInline @exclusivity(unchecked) var receiveValueBody: ((Input) -> Void)?
        @usableFromInline @exclusivity(unchecked) var receiveCompletionBody: ((Subscribers.Completion<Failure>) -> Void)?
        @usableFromInline @exclusivity(unchecked) var subscription: Subscription?
        @usableFromInline @exclusivity(unchecked) var isTerminated = false

        /// Initializes a sink with the provided closures.
        @inlinable
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            receiveCompletionBody = receiveCompletion
            receiveValueBody = receiveValue
        }

        public var description: String { "Sink" }

        @inlinable
        public func receive(subscription: Subscription) {
            lock.lock()
            if isTerminated || self.subscription != nil {
                lock.unlock()
                subscription.cancel()
                return
            }
            self.subscription = subscription
            lock.unlock()
            subscription.request(.unlimited)
        }

        @inlinable
        public func receive(_ value: Input) -> Subscribers.Demand {
            lock.lock()
            let body = receiveValueBody
            lock.unlock()
            body?(value)
            return .none
        }

        @inlinable
        public func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let body = receiveCompletionBody
            let released = receiveValueBody
            receiveCompletionBody = nil
            receiveValueBody = nil
            subscription = nil
            isTerminated = true
            lock.unlock()
            body?(completion)
            _ = consume released
        }

        /// Cancels the subscription and releases the closures.
        @inlinable
        public func cancel() {
            lock.lock()
            let upstream = subscription
            let releasedValueBody = receiveValueBody
            let releasedCompletionBody = receiveCompletionBody
            subscription = nil
            receiveValueBody = nil
            receiveCompletionBody = nil
            isTerminated = true
            lock.unlock()
            upstream?.cancel()
            _ = consume releasedValueBody
            _ = consume releasedCompletionBody
        }
    }
}

extension Publisher {
    /// Attaches a subscriber with closure-based behavior, requesting unlimited values.
    ///
    /// ```swift
    /// let cancellable = [1, 2].publisher.sink(
    ///     receiveCompletion: { print($0) },
    ///     receiveValue: { print($0) }
    /// )
    /// // Prints: 1, 2, finished
    /// ```
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable { sink.cancel() }
    }
}

extension Publisher where Failure == Never {
    /// Attaches a subscriber with closure-based behavior to a publisher that never fails.
    ///
    /// ```swift
    /// let cancellable = Just(1).sink { print($0) }    // Prints: 1
    /// ```
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

#endif
