// Shared state of the interposers (private to CVirtualTime).

#ifndef CVIRTUALTIME_STATE_H
#define CVIRTUALTIME_STATE_H

#include <stdatomic.h>
#include <stdint.h>

#include "include/CVirtualTime.h"

/// Nonzero while the calling thread drives a scenario.
extern __thread int vt_driving;
/// Nonzero while the calling thread drives a scenario with virtual time on.
extern __thread int vt_virtual;
/// Nonzero while a callback runs on this thread: its own dispatch and clock calls are real.
extern __thread int vt_in_callback;
/// The virtual instant (nanoseconds since the origin) and the wall clock at the origin (nanoseconds since 1970).
extern _Atomic int64_t vt_now_ns;
extern int64_t vt_wall_origin_ns;
extern __thread int vt_simulated_missing;
extern const vt_callbacks *_Atomic vt_active_callbacks;

/// The real definition of `name` after ours, looked up once; aborts with a message when there is none.
void *vt_real(void *_Atomic *slot, const char *name);

#define VT_REAL(type, name) ((type)vt_real(&vt_real_##name, #name))
#define VT_REAL_SLOT(name) static void *_Atomic vt_real_##name = 0

/// Whether the calling thread's time is virtual and a callback may be called now.
static inline int vt_intercepting(void) {
    return vt_virtual && !vt_in_callback && atomic_load_explicit(&vt_active_callbacks, memory_order_acquire) != 0;
}

/// Whether the calling thread drives a scenario with system time real and a callback may be called now: its clocks,
/// sleeps and waits are real, but the timeline still plays the main queue for it.
static inline int vt_driving_real_time(void) {
    return vt_driving && !vt_virtual && !vt_in_callback &&
           atomic_load_explicit(&vt_active_callbacks, memory_order_acquire) != 0;
}

/// Reports an uncontrolled time source to the Swift side.
void vt_report(int source, int64_t nanoseconds);

#endif
