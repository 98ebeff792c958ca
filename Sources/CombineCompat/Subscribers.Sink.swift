#if !canImport(Darwin)

extension Subscribers {
    /// A simple subscriber that requests an unlimited number of values upon subscription.
    ///
    /// The closures are released when the sink completes or is cancelled, never while a lock is held.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        @unchecked Sendable
    {
        @usableFromInline let mutex = _MutexStorage(count: 1)
        @usableFromInline @exclusivity(unchecked) var receiveValueBody: ((Input) -> Void)?
        @usableFromInline @exclusivity(unchecked)
        var receiveCompletionBody: ((Subscribers.Completion<Failure>) -> Void)?
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

        deinit {
            mutex.destroy()
        }

        public var description: String { "Sink" }

        /// The closure to execute on receipt of a value; a no-op once the sink completed or was cancelled (its
        /// closures are released then).
        public var receiveValue: (Input) -> Void {
            mutex.lock(0)
            defer { mutex.unlock(0) }
            return receiveValueBody ?? { _ in }
        }

        /// The closure to execute on completion; a no-op once the sink completed or was cancelled.
        public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
            mutex.lock(0)
            defer { mutex.unlock(0) }
            return receiveCompletionBody ?? { _ in }
        }

        @inlinable
        public func receive(subscription: Subscription) {
            mutex.lock(0)
            if isTerminated || self.subscription != nil {
                mutex.unlock(0)
                subscription.cancel()
                return
            }
            self.subscription = subscription
            mutex.unlock(0)
            subscription.request(.unlimited)
        }

        @inlinable
        public func receive(_ value: Input) -> Subscribers.Demand {
            mutex.lock(0)
            let body = receiveValueBody
            mutex.unlock(0)
            body?(value)
            return .none
        }

        @inlinable
        public func receive(completion: Subscribers.Completion<Failure>) {
            mutex.lock(0)
            let body = receiveCompletionBody
            let released = receiveValueBody
            receiveCompletionBody = nil
            receiveValueBody = nil
            subscription = nil
            isTerminated = true
            mutex.unlock(0)
            body?(completion)
            _ = consume released
        }

        /// Cancels the subscription and releases the closures.
        @inlinable
        public func cancel() {
            mutex.lock(0)
            let upstream = subscription
            let releasedValueBody = receiveValueBody
            let releasedCompletionBody = receiveCompletionBody
            subscription = nil
            receiveValueBody = nil
            receiveCompletionBody = nil
            isTerminated = true
            mutex.unlock(0)
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
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: receiveCompletion,
            receiveValue: receiveValue
        )
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
