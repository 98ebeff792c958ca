// libdispatch entry points. On a virtual scenario thread, blocks submitted with dispatch_async / dispatch_after /
// dispatch_barrier_async / dispatch_group_async / dispatch_group_notify go to the timeline (the `submit`
// callback); dispatch_sync runs the block inline, after the work queued before it on the same queue; waits that would
// block, timer sources and run-loop timers are
// reported (and neither block nor fire). On a scenario thread with system time real, only dispatch_async and
// dispatch_barrier_async to the main queue go to the timeline, and dispatch_assert_queue checks the timeline's main
// isolation. Everywhere else every call goes to libdispatch unchanged. The `_f`
// variants are left alone: neither the Dispatch overlay nor Foundation submit work through them (the Swift
// runtime's platform executors do, and those must stay real).

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "state.h"

typedef void *queue_t;
typedef void *block_t;
typedef uint64_t dispatch_time_value;

VT_REAL_SLOT(dispatch_async);
VT_REAL_SLOT(dispatch_after);
VT_REAL_SLOT(dispatch_barrier_async);
VT_REAL_SLOT(dispatch_group_async);
VT_REAL_SLOT(dispatch_group_notify);
VT_REAL_SLOT(dispatch_sync);
VT_REAL_SLOT(dispatch_barrier_sync);
VT_REAL_SLOT(dispatch_semaphore_wait);
VT_REAL_SLOT(dispatch_group_wait);
VT_REAL_SLOT(dispatch_source_set_timer);
VT_REAL_SLOT(dispatch_assert_queue);
VT_REAL_SLOT(dispatch_assert_queue_not);
VT_REAL_SLOT(CFRunLoopAddTimer);

/// A block object's header (the Blocks ABI): `invoke` takes the block itself.
struct block_layout {
    void *isa;
    int flags;
    int reserved;
    void (*invoke)(void *);
};

/// Symbols used but not interposed, found with RTLD_DEFAULT once.
static struct {
    void *(*block_copy)(const void *);
    void (*block_release)(const void *);
    void *main_queue;
    void (*group_enter)(void *);
    void (*group_leave)(void *);
    long (*group_wait)(void *, dispatch_time_value);
    void (*retain)(void *);
    void (*release)(void *);
    /// The invoke function of every block made by dispatch_block_create (a DispatchWorkItem's block).
    void *work_item_invoke;
    long (*block_testcancel)(void *);
} helpers;
static _Atomic int helpers_ready = 0;

static const char *const helper_names[] = {
    "_Block_copy", "_Block_release", "_dispatch_main_q", "dispatch_group_enter", "dispatch_group_leave",
    "dispatch_group_wait", "dispatch_retain", "dispatch_release", "_dispatch_block_special_invoke",
    "dispatch_block_testcancel",
};

static void *default_symbol(const char *name) {
    void *symbol = dlsym(RTLD_DEFAULT, name);
    if (!symbol) {
        fprintf(stderr, "CVirtualTime: libdispatch symbol '%s' not found\n", name);
        abort();
    }
    return symbol;
}

static void resolve_helpers(void) {
    if (atomic_load_explicit(&helpers_ready, memory_order_acquire)) return;
    helpers.block_copy = (void *(*)(const void *))default_symbol("_Block_copy");
    helpers.block_release = (void (*)(const void *))default_symbol("_Block_release");
    helpers.main_queue = default_symbol("_dispatch_main_q");
    helpers.group_enter = (void (*)(void *))default_symbol("dispatch_group_enter");
    helpers.group_leave = (void (*)(void *))default_symbol("dispatch_group_leave");
    // The real wait: RTLD_NEXT skips our own definition below.
    helpers.group_wait = VT_REAL(long (*)(void *, dispatch_time_value), dispatch_group_wait);
    helpers.retain = (void (*)(void *))default_symbol("dispatch_retain");
    helpers.release = (void (*)(void *))default_symbol("dispatch_release");
    // A variable holding the invoke function that dispatch_block_create gives its blocks.
    helpers.work_item_invoke = *(void **)default_symbol("_dispatch_block_special_invoke");
    helpers.block_testcancel = (long (*)(void *))default_symbol("dispatch_block_testcancel");
    atomic_store_explicit(&helpers_ready, 1, memory_order_release);
}

const char *vt_missing_symbol(void) {
    static const char *const interposed[] = {
        "clock_gettime", "gettimeofday", "time", "timespec_get", "nanosleep", "clock_nanosleep", "usleep", "sleep",
        "dispatch_async", "dispatch_after", "dispatch_barrier_async", "dispatch_group_async",
        "dispatch_group_notify", "dispatch_sync", "dispatch_barrier_sync", "dispatch_semaphore_wait",
        "dispatch_group_wait", "dispatch_source_set_timer", "dispatch_assert_queue", "dispatch_assert_queue_not",
    };
    for (unsigned i = 0; i < sizeof interposed / sizeof *interposed; i++) {
        if (!dlsym(RTLD_NEXT, interposed[i])) return interposed[i];
    }
    for (unsigned i = 0; i < sizeof helper_names / sizeof *helper_names; i++) {
        if (!dlsym(RTLD_DEFAULT, helper_names[i])) return helper_names[i];
    }
    return 0;
}

static int64_t now_ns(void) { return atomic_load_explicit(&vt_now_ns, memory_order_relaxed); }

/// The virtual instant of a dispatch_time_t built on the scenario thread (whose clocks are virtual): uptime and
/// continuous times count from VT_MONOTONIC_ORIGIN_NS, wall times from the wall-clock origin. Encoding (libdispatch):
/// 0 is now, ~0 forever; bit 63 clear: uptime; bits 63 and 62 set: wall time, negated (~1 is "wall now"); bit 63
/// set and 62 clear: continuous time in the low bits.
static int64_t virtual_deadline(dispatch_time_value when) {
    const dispatch_time_value forever = ~0ULL, wall_now = ~1ULL, up_mask = 1ULL << 63, wall_mask = 1ULL << 62;
    int64_t now = now_ns();
    if (when == 0 || when == wall_now) return now;
    if (when == forever) return INT64_MAX;
    int64_t instant;
    if (!(when & up_mask)) {
        instant = (int64_t)when - VT_MONOTONIC_ORIGIN_NS;
    } else if (when & wall_mask) {
        instant = -(int64_t)when - vt_wall_origin_ns;
    } else {
        instant = (int64_t)(when & ~up_mask) - VT_MONOTONIC_ORIGIN_NS;
    }
    return instant < now ? now : instant;
}

static int is_main(queue_t queue) { return queue == helpers.main_queue; }

/// Hands a copy of `block` to the timeline; retains `group` (entering it for group_async).
static void submit(int submission, queue_t queue, int64_t deadline, block_t block, void *group) {
    const vt_callbacks *callbacks = atomic_load_explicit(&vt_active_callbacks, memory_order_acquire);
    void *copy = helpers.block_copy(block);
    if (group) {
        helpers.retain(group);
        if (submission == VT_SUBMIT_GROUP_ASYNC) helpers.group_enter(group);
    }
    vt_in_callback = 1;
    callbacks->submit(submission, is_main(queue), deadline, copy, group, queue);
    vt_in_callback = 0;
}

/// Whether a block submitted now for `queue` goes to the timeline: any queue's on a virtual scenario thread; with
/// system time real, the main queue's only (the timeline plays the main queue for the scenario thread, which may not
/// be the process's main thread; blocks left when the scenario stops are abandoned with it).
static int to_timeline(queue_t queue) {
    if (vt_intercepting()) return 1;
    if (!vt_driving_real_time()) return 0;
    resolve_helpers();
    return is_main(queue);
}

void dispatch_async(queue_t queue, block_t block) {
    if (to_timeline(queue)) {
        resolve_helpers();
        submit(VT_SUBMIT_ASYNC, queue, now_ns(), block, 0);
        return;
    }
    VT_REAL(void (*)(queue_t, block_t), dispatch_async)(queue, block);
}

void dispatch_barrier_async(queue_t queue, block_t block) {
    if (to_timeline(queue)) {
        resolve_helpers();
        submit(VT_SUBMIT_ASYNC, queue, now_ns(), block, 0);
        return;
    }
    VT_REAL(void (*)(queue_t, block_t), dispatch_barrier_async)(queue, block);
}

void dispatch_after(dispatch_time_value when, queue_t queue, block_t block) {
    if (vt_intercepting()) {
        resolve_helpers();
        submit(VT_SUBMIT_AFTER, queue, virtual_deadline(when), block, 0);
        return;
    }
    VT_REAL(void (*)(dispatch_time_value, queue_t, block_t), dispatch_after)(when, queue, block);
}

void dispatch_group_async(void *group, queue_t queue, block_t block) {
    if (vt_intercepting()) {
        resolve_helpers();
        submit(VT_SUBMIT_GROUP_ASYNC, queue, now_ns(), block, group);
        return;
    }
    VT_REAL(void (*)(void *, queue_t, block_t), dispatch_group_async)(group, queue, block);
}

void dispatch_group_notify(void *group, queue_t queue, block_t block) {
    if (vt_intercepting()) {
        resolve_helpers();
        submit(VT_SUBMIT_GROUP_NOTIFY, queue, now_ns(), block, group);
        return;
    }
    VT_REAL(void (*)(void *, queue_t, block_t), dispatch_group_notify)(group, queue, block);
}

/// Main isolation of the block running on the scenario thread (set by the Swift side), for dispatch_sync and
/// dispatch_assert_queue.
static __thread int main_isolated = 0;

void vt_set_main_isolated(int on) { main_isolated = on; }

int vt_thread_is_main_isolated(void) { return main_isolated; }

static void run_inline(queue_t queue, block_t block) {
    int was_main = main_isolated;
    const vt_callbacks *callbacks = atomic_load_explicit(&vt_active_callbacks, memory_order_acquire);
    // The queue's earlier work first (it runs on the timeline, which is re-entered from here), unless the caller is
    // that queue's own work (a deadlock on a device).
    if (is_main(queue)) {
        if (was_main) {
            vt_report(VT_SOURCE_MAIN_SYNC_FROM_MAIN, 0);
        } else {
            callbacks->sync(queue, 1);
        }
        main_isolated = 1;
    } else {
        callbacks->sync(queue, 0);
        main_isolated = was_main;
    }
    ((struct block_layout *)block)->invoke(block);
    main_isolated = was_main;
}

void dispatch_sync(queue_t queue, block_t block) {
    if (vt_intercepting()) {
        resolve_helpers();
        run_inline(queue, block);
        return;
    }
    VT_REAL(void (*)(queue_t, block_t), dispatch_sync)(queue, block);
}

void dispatch_barrier_sync(queue_t queue, block_t block) {
    if (vt_intercepting()) {
        resolve_helpers();
        run_inline(queue, block);
        return;
    }
    VT_REAL(void (*)(queue_t, block_t), dispatch_barrier_sync)(queue, block);
}

/// A failed main-queue assertion on the scenario thread: the Swift side says where it was made (the runtime's
/// symbols and line tables), as libdispatch would say what failed, then the process stops as on a device.
static void assertion_failed(int expected_main) {
    const vt_callbacks *callbacks = atomic_load_explicit(&vt_active_callbacks, memory_order_acquire);
    vt_in_callback = 1;
    callbacks->assertion_failed(expected_main);
    vt_in_callback = 0;
    abort();
}

void dispatch_assert_queue(queue_t queue) {
    if (vt_intercepting() || vt_driving_real_time()) {
        resolve_helpers();
        // Only the main queue's isolation is modelled; a block of another queue runs on the scenario thread
        // with no queue of its own, so the assertion cannot be checked and passes.
        if (!is_main(queue) || main_isolated) return;
        assertion_failed(1);
    }
    VT_REAL(void (*)(queue_t), dispatch_assert_queue)(queue);
}

void dispatch_assert_queue_not(queue_t queue) {
    if (vt_intercepting() || vt_driving_real_time()) {
        resolve_helpers();
        if (!is_main(queue) || !main_isolated) return;
        assertion_failed(0);
    }
    VT_REAL(void (*)(queue_t), dispatch_assert_queue_not)(queue);
}

long dispatch_semaphore_wait(void *semaphore, dispatch_time_value timeout) {
    long (*real)(void *, dispatch_time_value) = VT_REAL(long (*)(void *, dispatch_time_value), dispatch_semaphore_wait);
    if (vt_intercepting()) {
        if (real(semaphore, 0) == 0) return 0;
        vt_report(VT_SOURCE_SEMAPHORE_WAIT, 0);
        return ETIMEDOUT;
    }
    return real(semaphore, timeout);
}

long dispatch_group_wait(void *group, dispatch_time_value timeout) {
    long (*real)(void *, dispatch_time_value) = VT_REAL(long (*)(void *, dispatch_time_value), dispatch_group_wait);
    if (vt_intercepting()) {
        if (real(group, 0) == 0) return 0;
        vt_report(VT_SOURCE_GROUP_WAIT, 0);
        return ETIMEDOUT;
    }
    return real(group, timeout);
}

void dispatch_source_set_timer(void *source, dispatch_time_value start, uint64_t interval, uint64_t leeway) {
    void (*real)(void *, dispatch_time_value, uint64_t, uint64_t) =
        VT_REAL(void (*)(void *, dispatch_time_value, uint64_t, uint64_t), dispatch_source_set_timer);
    if (vt_intercepting()) {
        // A timer source fires on libdispatch's threads, on the real clock: it is reported and never armed.
        vt_report(VT_SOURCE_DISPATCH_SOURCE_TIMER, 0);
        real(source, ~0ULL, interval, leeway);
        return;
    }
    real(source, start, interval, leeway);
}

void CFRunLoopAddTimer(void *run_loop, void *timer, void *mode) {
    if (vt_intercepting()) {
        // No run loop runs during a scenario: the timer is reported and not added, so it never fires later.
        vt_report(VT_SOURCE_RUN_LOOP_TIMER, 0);
        return;
    }
    VT_REAL(void (*)(void *, void *, void *), CFRunLoopAddTimer)(run_loop, timer, mode);
}

void vt_block_run(void *block) {
    ((struct block_layout *)block)->invoke(block);
    helpers.block_release(block);
}

void vt_block_release(void *block) { helpers.block_release(block); }

int vt_block_is_cancelled(void *block) {
    resolve_helpers();
    // dispatch_block_testcancel accepts only blocks made by dispatch_block_create (it crashes on others).
    if (((struct block_layout *)block)->invoke != helpers.work_item_invoke) return 0;
    return helpers.block_testcancel(block) != 0;
}

int vt_group_is_empty(void *group) {
    resolve_helpers();
    return helpers.group_wait(group, 0) == 0;
}

void vt_group_leave(void *group) { helpers.group_leave(group); }

void vt_group_release(void *group) { helpers.release(group); }
