#if !canImport(Darwin)

import Synchronization

extension Subscribers {
    /// A simple subscriber that requests an unlimited number of values upon subscription.
    ///
    /// The closures are released when the sink completes or is cancelled once subscribed, never while a lock is
    /// held, and never while a value delivery still runs them.
    ///
    /// A value delivered under the gate of its subscription (a subject's, `flatMap`'s, `merge`'s, `combineLatest`'s
    /// or `zip`'s, directly or through value operators such as `map` and `filter`) needs no atomic operation of its
    /// own: should the sink end meanwhile, its closures are kept on that gate until the delivery leaves it. Any
    /// other value is counted while it runs.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible
    {
        @usableFromInline let lock = _SpinLock()
        /// ``terminatedBit`` and ``retiredBit``, plus ``runningUnit`` per counted value delivery.
        @usableFromInline let status = Atomic<Int>(0)
        /// The address of `gated`, or 0: compared (never followed) on the value path, without the lock.
        @usableFromInline let gatedAddress = Atomic<UInt>(0)
        /// The subscription, if it is a gated one, until the sink ends (it retires the closures there).
        @usableFromInline @exclusivity(unchecked) var gated: _GatedSubscription?
        /// Owns the closures until the sink completes or is cancelled.
        @usableFromInline @exclusivity(unchecked) var body: _SinkBody<Input, Failure>?
        /// The same object, unretained: what a delivery calls (no reference count on the value path).
        @usableFromInline let bodyRef: Unmanaged<_SinkBody<Input, Failure>>
        /// Closures released while counted deliveries ran, released by the last of them.
        @usableFromInline @exclusivity(unchecked) var retired: _SinkBody<Input, Failure>?
        @usableFromInline @exclusivity(unchecked) var subscription: Subscription?
        @usableFromInline @exclusivity(unchecked) var isTerminated = false

        @usableFromInline static var terminatedBit: Int { 1 }
        @usableFromInline static var retiredBit: Int { 2 }
        @usableFromInline static var runningUnit: Int { 4 }

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

        public var description: String { "Sink" }
        public var customMirror: Mirror { Mirror(self, children: [:]) }
        public var playgroundDescription: Any { description }

        /// The closure to execute on receipt of a value; a no-op once the sink completed or was cancelled (its
        /// closures are released then).
        public var receiveValue: (Input) -> Void {
            lock.lock()
            defer { lock.unlock() }
            return body?.receiveValue ?? { _ in }
        }

        /// The closure to execute on completion; a no-op once the sink completed or was cancelled.
        public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
            lock.lock()
            defer { lock.unlock() }
            return body?.receiveCompletion ?? { _ in }
        }

        /// Stores the subscription and requests unlimited values; a second subscription is cancelled.
        @inlinable
        public func receive(subscription: Subscription) {
            lock.lock()
            if isTerminated || self.subscription != nil {
                lock.unlock()
                subscription.cancel()
                return
            }
            self.subscription = subscription
            if gatedAddress.load(ordering: .relaxed) == 0, let gatedSubscription = subscription as? _GatedSubscription {
                gated = gatedSubscription
                gatedAddress.store(
                    UInt(bitPattern: Unmanaged.passUnretained(gatedSubscription).toOpaque()), ordering: .releasing)
            }
            lock.unlock()
            subscription.request(.unlimited)
        }

        /// Calls the value closure; ignored once the sink completed or was cancelled.
        @inlinable
        public func receive(_ value: Input) -> Subscribers.Demand {
            if status.load(ordering: .relaxed) & Self.terminatedBit != 0 { return .none }
            let address = gatedAddress.load(ordering: .relaxed)
            if address != 0, _GatedSubscription.isInnermostGate(address) {
                // Under the subscription's gate: an end meanwhile retires the closures there.
                bodyRef._withUnsafeGuaranteedRef { $0.receiveValue(value) }
                return .none
            }
            return receiveCounted(value)
        }

        /// `receive` for a value that does not come under the subscription's gate: counted while it runs.
        @usableFromInline
        func receiveCounted(_ value: Input) -> Subscribers.Demand {
            let entered = status.wrappingAdd(Self.runningUnit, ordering: .acquiringAndReleasing).oldValue
            if entered & Self.terminatedBit == 0 {
                bodyRef._withUnsafeGuaranteedRef { $0.receiveValue(value) }
            }
            let left = status.wrappingSubtract(Self.runningUnit, ordering: .acquiringAndReleasing).newValue
            if left == Self.terminatedBit | Self.retiredBit { releaseRetired() }
            return .none
        }

        /// Releases the closures retired while counted deliveries ran.
        @usableFromInline
        func releaseRetired() {
            lock.lock()
            var released: _SinkBody<Input, Failure>?
            swap(&released, &retired)
            status.bitwiseAnd(~Self.retiredBit, ordering: .relaxed)
            lock.unlock()
            _ = consume released
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
            lock.lock()
            let subscribed = subscription != nil
            lock.unlock()
            guard subscribed else { return }
            let taken = end(cancelling: true)
            taken.upstream?.cancel()
        }

        /// Ends the sink: hands back the closures (for the completion) and, when cancelling, the subscription to
        /// cancel. Closures a delivery may still be running are kept until it returns: retired on the gated
        /// subscription if its gate is held, and here if counted deliveries run.
        @inlinable
        func end(cancelling: Bool) -> (body: _SinkBody<Input, Failure>?, upstream: Subscription?) {
            lock.lock()
            if isTerminated {
                lock.unlock()
                return (nil, nil)
            }
            isTerminated = true
            let taken = body
            let upstream = subscription
            body = nil
            subscription = nil
            var before = status.load(ordering: .relaxed)
            while true {
                let running = before >= Self.runningUnit
                let after = before | Self.terminatedBit | (running ? Self.retiredBit : 0)
                let (exchanged, original) = status.compareExchange(
                    expected: before, desired: after, ordering: .acquiringAndReleasing)
                if exchanged {
                    if running { retired = taken }
                    break
                }
                before = original
            }
            let gatedSubscription = gated
            gated = nil
            lock.unlock()
            gatedSubscription?.retire(taken)
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
