#if !canImport(Darwin)

import Synchronization

/// A strong reference stored at most once and never replaced: reading it is one acquiring load and a retain of the
/// result, without a lock (`AtomicLazyReference` does the same, but through a call that is not specialised).
///
/// The stored reference is retained by this storage and released with it.
@usableFromInline
struct _OnceReference<Instance: AnyObject>: ~Copyable {
    @usableFromInline let storage = Atomic<Unmanaged<Instance>?>(nil)

    @inlinable
    init() {}

    /// The stored reference, or `nil` if none is stored yet.
    @inlinable
    func load() -> Instance? {
        storage.load(ordering: .acquiring)?.takeUnretainedValue()
    }

    /// Stores `instance` unless a reference is stored already; returns the stored one.
    @inlinable
    func storeIfNil(_ instance: Instance) -> Instance {
        let candidate = Unmanaged.passRetained(instance)
        let (exchanged, original) = storage.compareExchange(
            expected: nil, desired: candidate, ordering: .acquiringAndReleasing)
        guard !exchanged, let original else { return instance }
        // The caller still holds `instance`: this only gives back the retain taken above.
        candidate.release()
        return original.takeUnretainedValue()
    }

    deinit {
        storage.load(ordering: .acquiring)?.release()
    }
}

#endif
