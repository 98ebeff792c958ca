#if !canImport(Darwin)

/// A subject that wraps a single value and publishes a new element whenever the value changes.
///
/// A subscriber receives the current value at its first demand, then every later value it has demand for. If a
/// value arrives while a subscriber has no demand, the subscriber receives the latest value at its next request.
/// Setting ``value`` is the same as calling `send(_:)`, except after a completion: then `send(_:)` changes nothing
/// while setting ``value`` still changes the value (no subscriber receives it).
///
/// ```swift
/// let count = CurrentValueSubject<Int, Never>(0)
/// let cancellable = count.sink { print($0) }    // Prints: 0
/// count.value = 1                               // Prints: 1
/// ```
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    @usableFromInline let core: _SubjectCore<Output, Failure>

    /// Creates a subject with the given initial value.
    @inlinable
    public init(_ value: Output) {
        core = _SubjectCore(current: value)
    }

    /// The subject of a `@Published` property, whose subscriptions are named after Combine's `PublishedSubject`.
    @inlinable
    init(publishing value: Output) {
        core = _SubjectCore(current: value, isPublished: true)
    }

    deinit {
        core.cancelUpstreams()
    }

    /// The value wrapped by this subject, published as a new element whenever it changes.
    @inlinable
    public var value: Output {
        get {
            core.lock.lock()
            defer { core.lock.unlock() }
            // The core of a current-value subject always holds a value.
            guard let current = core.current else { preconditionFailure("CurrentValueSubject lost its value") }
            return current
        }
        set {
            core.send(newValue, storingAfterCompletion: true)
        }
    }

    /// Attaches a subscriber; it receives the current value at its first demand.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        core.attach(subscriber)
    }

    /// Sets the current value and sends it to every subscriber that has demand.
    @inlinable
    public func send(_ input: Output) {
        core.send(input)
    }

    /// Sends a completion signal to every subscriber; later sends are ignored.
    @inlinable
    public func send(completion: Subscribers.Completion<Failure>) {
        core.send(completion: completion)
    }

    /// Accepts an upstream subscription (from `upstream.subscribe(subject)`) and requests unlimited values at once.
    @inlinable
    public func send(subscription: Subscription) {
        core.send(subscription: subscription)
    }
}

#endif
