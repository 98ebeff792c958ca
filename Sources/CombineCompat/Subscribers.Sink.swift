#if !canImport(Darwin)

extension Subscribers {
    /// A simple subscriber that requests an unlimited number of values upon subscription.
    ///
    /// The closures are released when the sink completes or is cancelled once subscribed, never while a lock is
    /// held.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible
    {
        @usableFromInline let mutex = _MutexStorage(count: 1)
        /// Owns the closures until the sink completes or is cancelled.
        @usableFromInline @exclusivity(unchecked) var body: _SinkBody<Input, Failure>?
        /// The same object, unretained: what a delivery calls (no reference count on the value path).
        @usableFromInline @exclusivity(unchecked) var bodyRef: Unmanaged<_SinkBody<Input, Failure>>?
        /// How many value deliveries are running; closures released meanwhile wait in `retired` for the last one.
        @usableFromInline @exclusivity(unchecked) var running = 0
        @usableFromInline @exclusivity(unchecked) var retired: _SinkBody<Input, Failure>?
        @usableFromInline @exclusivity(unchecked) var subscription: Subscription?
        @usableFromInline @exclusivity(unchecked) var isTerminated = false

        /// Initializes a sink with the provided closures.
        @inlinable
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            let made = _SinkBody(receiveValue: receiveValue, receiveCompletion: receiveCompletion)
            body = made
            bodyRef = Unmanaged.passUnretained(made)
        }

        deinit {
            mutex.destroy()
        }

        public var description: String { "Sink" }
        public var customMirror: Mirror { Mirror(self, children: [:]) }
        public var playgroundDescription: Any { description }

        /// The closure to execute on receipt of a value; a no-op once the sink completed or was cancelled (its
        /// closures are released then).
        public var receiveValue: (Input) -> Void {
            mutex.lock(0)
            defer { mutex.unlock(0) }
            return body?.receiveValue ?? { _ in }
        }

        /// The closure to execute on completion; a no-op once the sink completed or was cancelled.
        public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
            mutex.lock(0)
            defer { mutex.unlock(0) }
            return body?.receiveCompletion ?? { _ in }
        }

        /// Stores the subscription and requests unlimited values; a second subscription is cancelled.
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

        /// Calls the value closure; ignored once the sink completed or was cancelled.
        @inlinable
        public func receive(_ value: Input) -> Subscribers.Demand {
            mutex.lock(0)
            guard let target = bodyRef else {
                mutex.unlock(0)
                return .none
            }
            running += 1
            mutex.unlock(0)
            target._withUnsafeGuaranteedRef { $0.receiveValue(value) }
            mutex.lock(0)
            running -= 1
            var released: _SinkBody<Input, Failure>?
            if running == 0, retired != nil { swap(&released, &retired) }
            mutex.unlock(0)
            _ = consume released
            return .none
        }

        /// Calls the completion closure once, then releases both closures.
        @inlinable
        public func receive(completion: Subscribers.Completion<Failure>) {
            let taken = end(cancelling: false)
            taken.body?.receiveCompletion(completion)
        }

        /// Cancels the subscription and releases the closures. Before a subscription arrived it does nothing, as
        /// Combine's sink does (its closures stay, and a later subscription is taken: the OpenCombine suite, whose
        /// compatibility mode runs against Apple's Combine,
        /// SinkTests.testDoesNotReleaseClosuresAfterCancellationNoSubscription).
        @inlinable
        public func cancel() {
            mutex.lock(0)
            let subscribed = subscription != nil
            mutex.unlock(0)
            guard subscribed else { return }
            let taken = end(cancelling: true)
            taken.upstream?.cancel()
        }

        /// Ends the sink under its lock: hands back the closures (unless a value delivery runs, which then releases
        /// them) and, when cancelling, the subscription to cancel.
        @inlinable
        func end(cancelling: Bool) -> (body: _SinkBody<Input, Failure>?, upstream: Subscription?) {
            mutex.lock(0)
            if isTerminated {
                mutex.unlock(0)
                return (nil, nil)
            }
            isTerminated = true
            var taken = body
            let upstream = subscription
            body = nil
            bodyRef = nil
            subscription = nil
            if running > 0 {
                // A value closure is running (it completed or cancelled this sink): release after it returns,
                // but still deliver the completion.
                retired = taken
                if cancelling { taken = nil }
            }
            mutex.unlock(0)
            return (taken, cancelling ? upstream : nil)
        }
    }
}

/// The closures of a `Subscribers.Sink`, kept together so a delivery reaches them without reference counting.
@usableFromInline
final class _SinkBody<Input, Failure: Error>: @unchecked Sendable {
    @usableFromInline let receiveValue: (Input) -> Void
    @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    @inlinable
    init(
        receiveValue: @escaping (Input) -> Void,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
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
