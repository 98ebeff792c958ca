#if !canImport(Darwin)

import Synchronization

/// The part of a `@Published` property's storage that does not depend on its value type: the enclosing object's
/// `objectWillChange` publisher, installed by ``ObservableObject``'s default implementation.
///
/// The publisher is set at most once and never replaced, so it is kept in an `_OnceReference`: reading it (on
/// every write of the property) is one acquiring load, without the lock.
@usableFromInline
class _PublishedBoxBase: @unchecked Sendable {
    /// Guards the subclass's stored value and assignments.
    @usableFromInline let lock = _SpinLock()
    @usableFromInline let willChange = _OnceReference<ObservableObjectPublisher>()

    @inlinable
    init() {}

    var installedPublisher: ObservableObjectPublisher? { willChange.load() }

    /// Installs `publisher` unless one is installed already; returns the installed one.
    func install(_ publisher: ObservableObjectPublisher) -> ObservableObjectPublisher {
        willChange.storeIfNil(publisher)
    }
}

/// The storage of one `@Published` property: its value, its lazily created `$property` subject, and the
/// subscriptions made by `assign(to: &$property)`.
///
/// The subject, like the base's publisher, is set once and never replaced (an `_OnceReference`, read without
/// the lock); it is created under the lock, so it starts from the value stored at that moment.
@usableFromInline
final class _PublishedBox<Value>: _PublishedBoxBase, @unchecked Sendable {
    /// Guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var stored: Value
    @usableFromInline let lazySubject = _OnceReference<CurrentValueSubject<Value, Never>>()
    @usableFromInline var assignments: [AnyCancellable] = []

    @inlinable
    init(_ value: Value) {
        stored = value
    }

    @inlinable
    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// The subject behind `$property`, created at first use with the current value.
    @inlinable
    var subject: CurrentValueSubject<Value, Never> {
        if let existing = lazySubject.load() { return existing }
        lock.lock()
        defer { lock.unlock() }
        // Checked again under the lock, so no second subject is ever made (and released under the lock).
        if let existing = lazySubject.load() { return existing }
        return lazySubject.storeIfNil(CurrentValueSubject<Value, Never>(publishing: stored))
    }

    /// objectWillChange, then `$property`, then the stored value (Combine's willSet order).
    @inlinable
    func write(_ newValue: Value) {
        willChange.load()?.send()
        // Read after objectWillChange: an observer of it may have subscribed to `$property` just now, and must see
        // this value.
        lazySubject.load()?.send(newValue)
        var replaced = newValue
        lock.lock()
        swap(&stored, &replaced)
        lock.unlock()
        // `replaced` (the old value) is released here, outside the lock.
    }

    @inlinable
    func retain(_ cancellable: AnyCancellable) {
        lock.withLock { assignments.append(cancellable) }
    }
}

#endif
