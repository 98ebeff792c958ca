#if !canImport(Darwin)

import Synchronization

/// A type-erasing cancellable object that executes a provided closure when canceled.
///
/// An `AnyCancellable` cancels automatically when it is deinitialised. `cancel()` is safe from any thread and runs
/// the closure at most once; the closure is released before it runs, never while a lock is held.
public final class AnyCancellable: Cancellable, Hashable {
    private let lock = _SpinLock()
    private var cancelBody: (() -> Void)?

    /// Initializes the cancellable object with the given cancel-time closure.
    public init(_ cancel: @escaping () -> Void) {
        cancelBody = cancel
    }

    /// Initializes the cancellable object with the given cancellable, cancelled when this one is.
    public init<C: Cancellable>(_ canceller: C) {
        cancelBody = canceller.cancel
    }

    /// Cancels the wrapped activity, once.
    public func cancel() {
        lock.lock()
        let body = cancelBody
        cancelBody = nil
        lock.unlock()
        body?()
    }

    deinit {
        // No other reference exists, so no lock is needed.
        cancelBody?()
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension AnyCancellable {
    /// Stores this type-erasing cancellable instance in the specified collection.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    /// Stores this type-erasing cancellable instance in the specified set.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }
}

extension Cancellable {
    /// Stores this cancellable instance in the specified collection.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }

    /// Stores this cancellable instance in the specified set.
    public func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }
}

#endif
