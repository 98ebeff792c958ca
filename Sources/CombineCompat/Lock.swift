#if !canImport(Darwin)

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A non-recursive mutual-exclusion lock with explicit `lock()` and `unlock()`, so that code can take a
/// decision under the lock and call subscribers, cancel upstream or release closures only after unlocking.
///
/// - Complexity: O(1); uncontended lock/unlock is a pair of atomic operations.
@usableFromInline
final class _Lock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @inlinable
    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    func lock() { pthread_mutex_lock(mutex) }

    @inlinable
    func unlock() { pthread_mutex_unlock(mutex) }

    @inlinable
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

#endif
