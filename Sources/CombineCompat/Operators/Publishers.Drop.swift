import RehearsalBase

#if !canImport(Darwin)

extension Publisher {
    /// Omits the specified number of elements before republishing subsequent elements.
    ///
    /// As in Combine, the elements to omit are asked for up front: when the upstream subscription arrives it is
    /// asked for the downstream's demand plus `count` (`dropFirst(2)` under a demand of 42 asks for 44), and an
    /// omitted element asks for nothing more. `request(.none)` and a negative `count` (at subscription) trap.
    ///
    ///     let numbers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    ///     cancellable = numbers.publisher
    ///         .dropFirst(5)
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints: "6 7 8 9 10 "
    ///
    /// - Parameter count: The number of elements to omit. The default is `1`.
    @inlinable
    public func dropFirst(_ count: Int = 1, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column)
        -> Publishers.Drop<Self>
    {
        Publishers.Drop(
            upstream: self, count: MutationSeam.count(count, .dropFirst, file: file, line: line, column: column))
    }
}

extension Publishers {
    /// A publisher that omits a specified number of elements before republishing later elements.
    public struct Drop<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// The number of elements to drop.
        public let count: Int

        /// Creates a publisher that omits the first `count` elements.
        @inlinable
        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            _APIViolation.checkNotNegative(count, "dropFirst(_:) count")
            let inner = _DropInner<S>(downstream: subscriber, count: count)
            subscriber.receive(subscription: inner)
            upstream.subscribe(inner)
        }
    }
}

extension Publishers.Drop {
    /// Fuses two `dropFirst`s into one that omits both counts.
    @inlinable
    public func dropFirst(_ count: Int = 1, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column)
        -> Publishers.Drop<Upstream>
    {
        Publishers.Drop(
            upstream: upstream,
            count: self.count + MutationSeam.count(count, .dropFirst, file: file, line: line, column: column))
    }
}

/// The subscription of `dropFirst(_:)`, as Combine builds it (the OpenCombine suite, whose compatibility mode runs
/// against Apple's Combine, records it in DropTests): the downstream receives it before the upstream is subscribed;
/// the upstream subscription is asked at once for the demand requested so far plus the elements still to omit; an
/// omitted element returns no demand; completions are passed on as they come, and the upstream subscription is
/// forgotten at each, so a later one is asked again for the demand gathered meanwhile (Combine's "reusable"
/// subscription); cancelling cancels the current upstream subscription, if any.
@usableFromInline
final class _DropInner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let lock = _Lock()
    @usableFromInline let downstream: Downstream
    @usableFromInline @exclusivity(unchecked) var remaining: Int
    @usableFromInline @exclusivity(unchecked) var pendingDemand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var upstream: Subscription?

    @inlinable
    init(downstream: Downstream, count: Int) {
        self.downstream = downstream
        remaining = count
    }

    @usableFromInline var description: String { "Drop" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline var playgroundDescription: Any { description }

    @inlinable
    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        let ask = pendingDemand + remaining
        pendingDemand = .none
        lock.unlock()
        if ask.rawValue > 0 { subscription.request(ask) }
    }

    @inlinable
    func receive(_ input: Downstream.Input) -> Subscribers.Demand {
        lock.lock()
        if remaining > 0 {
            remaining -= 1
            lock.unlock()
            return .none
        }
        lock.unlock()
        return downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Downstream.Failure>) {
        lock.lock()
        upstream = nil
        lock.unlock()
        downstream.receive(completion: completion)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        _APIViolation.checkRequested(demand)
        lock.lock()
        guard let current = upstream else {
            pendingDemand += demand
            lock.unlock()
            return
        }
        lock.unlock()
        current.request(demand)
    }

    @inlinable
    func cancel() {
        lock.lock()
        let current = upstream
        upstream = nil
        lock.unlock()
        current?.cancel()
    }
}

#endif
