import RehearsalBase

#if !canImport(Darwin)

extension Publisher {
    /// Publishes a specific element, indicated by its index in the sequence of published elements.
    ///
    /// Elements before the index ask upstream for one more each; once the element is published the publisher
    /// cancels upstream and finishes.
    ///
    ///     let numbers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    ///     cancellable = numbers.publisher
    ///         .output(at: 5)
    ///         .sink { print("\($0)") }
    ///
    ///     // Prints: "6"
    ///
    /// - Parameter index: The index that indicates the element to publish. Must not be negative.
    @inlinable
    public func output(at index: Int) -> Publishers.Output<Self> {
        _APIViolation.checkNotNegative(index, "output(at:) index")
        _APIViolation.checkBelow(index, Int.max, "output(at:) index")
        return output(in: index...index)
    }

    /// Publishes elements specified by their range in the sequence of published elements.
    ///
    ///     let numbers = [1, 1, 2, 2, 2, 3, 4, 5, 6]
    ///     numbers.publisher
    ///         .output(in: (3...5))
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints: "2 2 3 "
    @inlinable
    public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
        let bounds = range.relative(to: 0..<Int.max)
        _APIViolation.checkNotNegative(bounds.lowerBound, "output(in:) lower bound")
        _APIViolation.checkNotNegative(bounds.upperBound, "output(in:) upper bound")
        return Publishers.Output(upstream: self, range: bounds)
    }

    /// Republishes elements up to the specified maximum count, then cancels upstream and finishes.
    ///
    ///     let numbers = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    ///     cancellable = numbers.publisher
    ///         .prefix(2)
    ///         .sink { print("\($0)", terminator: " ") }
    ///
    ///     // Prints: "0 1"
    ///
    /// - Parameter maxLength: The maximum number of elements to republish. Must not be negative.
    @inlinable
    public func prefix(_ maxLength: Int, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column)
        -> Publishers.Output<Self>
    {
        _APIViolation.checkNotNegative(maxLength, "prefix(_:) maxLength")
        return output(in: ..<MutationSeam.count(maxLength, .prefix, file: file, line: line, column: column))
    }
}

extension Publishers {
    /// A publisher that publishes elements specified by a range in the sequence of published elements.
    public struct Output<Upstream: Publisher>: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream

        /// The range of elements to publish.
        public let range: CountableRange<Int>

        /// Creates a publisher that publishes the elements at the indices in `range`; a bound below 0 traps.
        @inlinable
        public init(upstream: Upstream, range: CountableRange<Int>) {
            _APIViolation.checkNotNegative(range.lowerBound, "Publishers.Output range lower bound")
            _APIViolation.checkNotNegative(range.upperBound, "Publishers.Output range upper bound")
            self.upstream = upstream
            self.range = range
        }

        /// Attaches `subscriber`: subscribes it, through this operator, to the upstream publisher.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(_OutputInner(downstream: subscriber, range: range))
        }
    }
}

/// The subscriber behind `output(in:)`, `output(at:)` and `prefix(_:)`.
///
/// As Combine's (the OpenCombine suite, whose compatibility mode runs against Apple's Combine: OutputTests): an
/// element before the range asks upstream for one more (`.max(1)`); an element in the range returns the downstream's
/// demand, the last one too, and after it upstream is cancelled and the stream finishes (whether Combine finishes at
/// the last element of the range or at the next one is not in the record; its documentation's examples finish with
/// the last); later elements return `.none`. Elements are counted and passed on whatever the stage (before the subscription, after a cancel or a
/// completion), but only a subscribed stream finishes, completes, forwards requests or cancels; a completion before
/// the subscription is dropped; a second subscription is cancelled; the downstream is kept for the inner's life.
@usableFromInline
final class _OutputInner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let lock = _Lock()
    /// Upstream delivers serially: the counters are touched on the value path only.
    @usableFromInline @exclusivity(unchecked) var untilStart: Int
    @usableFromInline @exclusivity(unchecked) var remaining: Int
    /// Guarded by `lock`: `awaiting` until the subscription, then `subscribed`, then `ended`.
    @usableFromInline var stage = _OutputStage.awaiting
    @usableFromInline var upstream: Subscription?

    @inlinable
    init(downstream: Downstream, range: CountableRange<Int>) {
        self.downstream = downstream
        untilStart = range.lowerBound
        remaining = range.count
    }

    @usableFromInline var description: String { "Output" }
    @usableFromInline var playgroundDescription: Any { description }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }

    @inlinable
    func receive(subscription: Subscription) {
        lock.lock()
        guard stage == .awaiting else {
            lock.unlock()
            subscription.cancel()
            return
        }
        stage = .subscribed
        upstream = subscription
        lock.unlock()
        downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        if untilStart > 0 {
            untilStart -= 1
            return .max(1)
        }
        guard remaining > 0 else {
            // An empty range (`prefix(0)`) ends at the first element.
            finishIfSubscribed()
            return .none
        }
        remaining -= 1
        let more = downstream.receive(input)
        if remaining == 0 { finishIfSubscribed() }
        return more
    }

    /// Cancels upstream and finishes, once, if the stream is subscribed.
    @inlinable
    func finishIfSubscribed() {
        guard let subscription = end() else { return }
        subscription.cancel()
        downstream.receive(completion: .finished)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        guard end() != nil else { return }
        downstream.receive(completion: completion)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let subscription = stage == .subscribed ? upstream : nil
        lock.unlock()
        subscription?.request(demand)
    }

    @inlinable
    func cancel() {
        end()?.cancel()
    }

    /// Ends a subscribed stream and hands back the upstream subscription; `nil` unless it was subscribed.
    @inlinable
    @discardableResult
    func end() -> Subscription? {
        lock.lock()
        defer { lock.unlock() }
        guard stage == .subscribed, let subscription = upstream else { return nil }
        stage = .ended
        upstream = nil
        return subscription
    }
}

/// The stage of an ``_OutputInner``.
@usableFromInline
enum _OutputStage: UInt8 {
    case awaiting, subscribed, ended
}

#endif
