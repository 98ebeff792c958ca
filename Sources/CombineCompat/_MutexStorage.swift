import RehearsalBase

#if !canImport(Darwin)

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One allocation holding `count` pthread mutexes, for objects created on every subscription (a subject's conduit,
/// a sink) where a separate `_Lock` object per mutex would cost two allocations each.
///
/// The owner calls `destroy()` exactly once, in its `deinit`. With `firstIsRecursive`, mutex 0 is recursive.
@usableFromInline
struct _MutexStorage {
    @usableFromInline let base: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let count: Int

    @inlinable
    init(count: Int, firstIsRecursive: Bool = false) {
        self.count = count
        base = .allocate(capacity: count)
        for index in 0..<count {
            (base + index).initialize(to: pthread_mutex_t())
            if firstIsRecursive && index == 0 {
                var attributes = pthread_mutexattr_t()
                pthread_mutexattr_init(&attributes)
                pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
                pthread_mutex_init(base + index, &attributes)
                pthread_mutexattr_destroy(&attributes)
            } else {
                pthread_mutex_init(base + index, nil)
            }
        }
    }

    @inlinable
    func lock(_ index: Int) { pthread_mutex_lock(base + index) }

    @inlinable
    func unlock(_ index: Int) { pthread_mutex_unlock(base + index) }

    @inlinable
    func destroy() {
        for index in 0..<count {
            pthread_mutex_destroy(base + index)
        }
        base.deinitialize(count: count)
        base.deallocate()
    }
}

#endif
