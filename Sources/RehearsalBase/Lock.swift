#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's one lock: a non-recursive mutual-exclusion lock with explicit `lock()` and `unlock()`, so that
/// code can take a decision under the lock and call subscribers, cancel upstream, run timer actions or release
/// closures only after unlocking.
///
/// It lives here, in the bottom module, with `package` access, so that every module of the package (ScenarioJSON,
/// CombineCompat, VirtualTime, ViewModelKit, Rehearsal, RehearsalCLI) uses this one type; it exists on every platform,
/// also where CombineCompat re-exports Apple's Combine.
///
/// ```swift
/// let lock = _Lock()
/// let count = lock.withLock { counter += 1; return counter }
/// ```
///
/// - Complexity: O(1); uncontended lock/unlock is a pair of atomic operations.
@usableFromInline
package final class _Lock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates an unlocked lock.
    @inlinable
    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Takes the lock, waiting while another thread holds it.
    @inlinable
    package func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock taken by `lock()` on this thread.
    @inlinable
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` while holding the lock; what it throws, typed, is thrown after unlocking.
    @inlinable
    package func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
