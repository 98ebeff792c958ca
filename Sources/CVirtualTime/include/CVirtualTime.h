// CVirtualTime: the C definitions that put a scenario's own time sources on the virtual timeline.
//
// The package links this target statically into every executable and test binary that uses VirtualTime. Those
// binaries export their dynamic symbols, so the definitions below take precedence over the C library's and
// libdispatch's for every caller in the process (Foundation, the Swift runtime, the Dispatch overlay). Each one
// forwards to the real function unless the calling thread drives a scenario with virtual time on; see
// Sources/VirtualTime/RuntimeHooks.swift for the verified facts and the Swift side.

#ifndef CVIRTUALTIME_H
#define CVIRTUALTIME_H

#include <stdint.h>

/// The monotonic clocks (CLOCK_MONOTONIC, CLOCK_BOOTTIME, DispatchTime's uptime) read this many nanoseconds at the
/// scenario's origin, on every run. It equals CombineCompat's virtual DispatchTime origin, so
/// `DispatchQueue.main.now` and `DispatchTime.now()` agree inside a scenario.
#define VT_MONOTONIC_ORIGIN_NS 1000000000LL

/// What a dispatch interposer hands over.
enum vt_submission {
    VT_SUBMIT_ASYNC = 0,
    VT_SUBMIT_AFTER = 1,
    VT_SUBMIT_GROUP_ASYNC = 2,
    VT_SUBMIT_GROUP_NOTIFY = 3,
};

/// A time source the timeline cannot control, reported when the scenario thread uses it.
enum vt_time_source {
    VT_SOURCE_NANOSLEEP = 0,
    VT_SOURCE_CLOCK_NANOSLEEP = 1,
    VT_SOURCE_USLEEP = 2,
    VT_SOURCE_SLEEP = 3,
    VT_SOURCE_SEMAPHORE_WAIT = 4,
    VT_SOURCE_GROUP_WAIT = 5,
    VT_SOURCE_DISPATCH_SOURCE_TIMER = 6,
    VT_SOURCE_RUN_LOOP_TIMER = 7,
    VT_SOURCE_MAIN_SYNC_FROM_MAIN = 8,
};

/// Where the interposers send what the scenario thread does. Installed once per process.
typedef struct vt_callbacks {
    /// A block submitted on the scenario thread: `block` is a copy the callee owns (run it with
    /// `vt_block_run`, or drop it with `vt_block_release`). `deadline` is the virtual instant in nanoseconds since
    /// the origin (already clamped to zero or more), or INT64_MAX for DISPATCH_TIME_FOREVER. For group
    /// submissions `group` is retained (and, for VT_SUBMIT_GROUP_ASYNC, entered) on the callee's behalf. `queue`
    /// identifies the target queue (it is not retained: compare it, never use it).
    void (*submit)(int submission, int is_main_queue, int64_t deadline, void *block, void *group, void *queue);
    /// Called before `dispatch_sync`/`dispatch_barrier_sync` runs its block inline on the scenario thread (except
    /// from the main queue's own work to the main queue): run, in order, the work already queued for `queue` (for
    /// the main queue, `is_main_queue` nonzero, its blocks and the MainActor's jobs), as the queue would before the
    /// synchronous block.
    void (*sync)(void *queue, int is_main_queue);
    /// A time source the timeline cannot control. For sleeps, `nanoseconds` is how long the thread asked to sleep
    /// (the callee advances virtual time by it); otherwise 0.
    void (*report)(int source, int64_t nanoseconds);
    /// A `dispatch_assert_queue` (`expected_main` nonzero) or `dispatch_assert_queue_not` about the main queue failed
    /// on the scenario thread (`dispatchPrecondition(condition: .onQueue(.main))` off the main lane, or
    /// `.notOnQueue(.main)` on it): print where, as libdispatch's message would; the process aborts afterwards.
    void (*assertion_failed)(int expected_main);
} vt_callbacks;

/// Installs the callbacks (once; later calls replace them).
void vt_install(const vt_callbacks *callbacks);

/// The environment variable whose decimal number sets this process's hashing seed before any Swift code runs (see
/// hashing.c for the verified facts): two processes with different numbers iterate a Set or a Dictionary in
/// different orders, one process the same way every time.
#define VT_HASH_SEED_VARIABLE "REHEARSAL_HASH_SEED"

/// Whether the process's hashing seed was set from VT_HASH_SEED_VARIABLE (1, and the number in `seed`) or is the
/// runtime's own (0; always 0 off Linux, where this is not verified).
int vt_hash_seed(uint64_t *seed);

/// The name of the first real function or libdispatch symbol that cannot be found, or NULL when all resolve.
const char *vt_missing_symbol(void);

/// Makes the calling thread the one that drives the scenario. With `virtual_time` nonzero, its clocks read virtual
/// time (monotonic: VT_MONOTONIC_ORIGIN_NS plus the virtual instant; wall clock: `wall_origin_ns` nanoseconds
/// since 1970 plus the virtual instant) and its dispatch submissions, sleeps and waits go to the callbacks.
void vt_thread_begin(int virtual_time, int64_t wall_origin_ns);

/// Ends what `vt_thread_begin` started on the calling thread.
void vt_thread_end(void);

/// Whether the calling thread drives a scenario (virtual time on or off).
int vt_thread_is_driving(void);

/// Whether the calling thread drives a scenario with virtual time on.
int vt_thread_is_virtual(void);

/// Sets the virtual instant the scenario thread's clocks read, in nanoseconds since the origin.
void vt_set_now(int64_t nanoseconds);

/// The real clock, whatever the calling thread: `realtime` nonzero for nanoseconds since 1970, else monotonic.
int64_t vt_real_clock_ns(int realtime);

/// Runs a block handed over by `submit`, then releases it.
void vt_block_run(void *block);

/// Marks the work running on the scenario thread as isolated to the main queue (MainActor) or not; read by
/// `dispatch_sync`, `dispatch_assert_queue`, `dispatch_assert_queue_not`, Foundation's `_CFIsMainThread` (behind
/// `Thread.isMainThread`) and the main executor's isolation check.
void vt_set_main_isolated(int on);

/// Whether the work running on the calling scenario thread is isolated to the main queue.
int vt_thread_is_main_isolated(void);

/// Whether the calling thread is the process's main thread (its thread id is the process id, as Foundation's own
/// `_CFIsMainThread` asks), whatever a scenario plays: asked of the system once per thread and process.
int vt_thread_is_process_main(void);

/// Releases a block handed over by `submit` without running it.
void vt_block_release(void *block);

/// Whether a block handed over by `submit` is a `DispatchWorkItem`'s that was cancelled: running it does nothing.
int vt_block_is_cancelled(void *block);

/// Whether `group` has no unfinished work (a real, non-blocking `dispatch_group_wait`).
int vt_group_is_empty(void *group);

/// Leaves `group` (for a VT_SUBMIT_GROUP_ASYNC block that ran or was dropped).
void vt_group_leave(void *group);

/// Releases the reference `submit` took on `group`.
void vt_group_release(void *group);

/// Test hook, for the calling thread only: with `on` nonzero, the clock interposers behave as if they were not in
/// effect (they read the real clock even on a virtual scenario thread), so the self-check's detection can be
/// exercised.
void vt_simulate_missing_interposition(int on);

#endif
