#if !canImport(Darwin)

/// The part of a `@Published` property's storage that does not depend on its value type: the enclosing object's
/// `objectWillChange` publisher, installed by ``ObservableObject``'s default implementation.
@usableFromInline
class _PublishedBoxBase: @unchecked Sendable {
    @usableFromInline let lock = _Lock()
    @usableFromInline @exclusivity(unchecked) var willChange: ObservableObjectPublisher?

    @inlinable
    init() {}

    var installedPublisher: ObservableObjectPublisher? {
        lock.lock()
        defer { lock.unlock() }
        return willChange
    }

    /// Installs `publisher` unless one is installed already; returns the installed one.
    func install(_ publisher: ObservableObjectPublisher) -> ObservableObjectPublisher {
        lock.lock()
        defer { lock.unlock() }
        if let willChange { return willChange }
        willChange = publisher
        return publisher
    }
}

/// The storage of one `@Published` property: its value, its lazily created `$property` subject, and the
/// subscriptions made by `assign(to: &$property)`.
@usableFromInline
final class _PublishedBox<Value>: _PublishedBoxBase, @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var stored: Value
    @usableFromInline @exclusivity(unchecked) var lazySubject: CurrentValueSubject<Value, Never>?
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
        lock.lock()
        defer { lock.unlock() }
        if let lazySubject { return lazySubject }
        let created = CurrentValueSubject<Value, Never>(stored)
        lazySubject = created
        return created
    }

    /// objectWillChange, then `$property`, then the stored value (Combine's willSet order).
    @inlinable
    func write(_ newValue: Value) {
        lock.lock()
        let willChange = self.willChange
        var subject = lazySubject
        lock.unlock()
        if let willChange {
            willChange.send()
            // An objectWillChange observer may have subscribed to `$property` just now: it must see this value.
            lock.lock()
            subject = lazySubject
            lock.unlock()
        }
        subject?.send(newValue)
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
