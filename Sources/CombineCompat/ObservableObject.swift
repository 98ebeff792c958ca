#if !canImport(Darwin)

/// A type of object with a publisher that emits before the object has changed.
///
/// By default an `ObservableObject` synthesises an `objectWillChange` publisher that emits before any of its
/// `@Published` properties changes, including those declared in superclasses.
///
/// ```swift
/// final class Contact: ObservableObject {
///     @Published var age = 0
/// }
/// let contact = Contact()
/// let cancellable = contact.objectWillChange.sink { print("will change to", contact.age + 1) }
/// contact.age += 1    // Prints: will change to 1
/// ```
public protocol ObservableObject: AnyObject {
    /// The type of publisher that emits before the object has changed.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never

    /// A publisher that emits before the object has changed.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// A publisher that emits before any `@Published` property of the object changes.
    ///
    /// The same publisher is returned on every read. An object without `@Published` properties has nothing that
    /// could emit, so it gets a fresh publisher on every read.
    ///
    /// - Complexity: O(1) after the first read for the object; the first read of a class's first instance finds
    ///   the `@Published` fields once, and every later read uses that per-class table.
    public var objectWillChange: ObservableObjectPublisher {
        _PublishedFieldTable.shared.objectWillChange(of: self)
    }
}

/// A publisher that publishes changes from observable objects.
///
/// As in Combine, it ignores demand: once a subscriber has requested anything, it receives every `send()` (the
/// OpenCombine suite, whose compatibility mode runs against Apple's Combine, records a subscriber that asked for
/// one value receiving every later change, in ObservableObjectPublisherTests.testBasicBehavior).
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never

    @usableFromInline let core = _SubjectCore<Void, Never>(current: nil, ignoresDemand: true)

    /// Creates an observable object publisher instance.
    @inlinable
    public init() {}

    /// Attaches a subscriber to the object's will-change notifications.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        core.attach(subscriber)
    }

    /// Sends the changed value to the downstream subscribers.
    @inlinable
    public func send() {
        core.send(())
    }
}

#endif
