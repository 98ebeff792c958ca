#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "state.h"

__thread int vt_driving = 0;
__thread int vt_virtual = 0;
__thread int vt_in_callback = 0;
_Atomic int64_t vt_now_ns = 0;
int64_t vt_wall_origin_ns = 0;
__thread int vt_simulated_missing = 0;
const vt_callbacks *_Atomic vt_active_callbacks = 0;

void *vt_real(void *_Atomic *slot, const char *name) {
    void *function = atomic_load_explicit(slot, memory_order_acquire);
    if (function) return function;
    function = dlsym(RTLD_NEXT, name);
    if (!function) {
        fprintf(stderr, "CVirtualTime: no real '%s' after the interposing definition (%s)\n", name, dlerror());
        abort();
    }
    atomic_store_explicit(slot, function, memory_order_release);
    return function;
}

void vt_install(const vt_callbacks *callbacks) {
    atomic_store_explicit(&vt_active_callbacks, callbacks, memory_order_release);
}

void vt_thread_begin(int virtual_time, int64_t wall_origin_ns) {
    vt_wall_origin_ns = wall_origin_ns;
    atomic_store_explicit(&vt_now_ns, 0, memory_order_relaxed);
    vt_driving = 1;
    vt_virtual = virtual_time ? 1 : 0;
}

void vt_thread_end(void) {
    vt_driving = 0;
    vt_virtual = 0;
}

int vt_thread_is_driving(void) { return vt_driving; }

int vt_thread_is_virtual(void) { return vt_virtual; }

void vt_set_now(int64_t nanoseconds) { atomic_store_explicit(&vt_now_ns, nanoseconds, memory_order_relaxed); }

void vt_simulate_missing_interposition(int on) { vt_simulated_missing = on ? 1 : 0; }

void vt_report(int source, int64_t nanoseconds) {
    const vt_callbacks *callbacks = atomic_load_explicit(&vt_active_callbacks, memory_order_acquire);
    if (!callbacks) return;
    vt_in_callback = 1;
    callbacks->report(source, nanoseconds);
    vt_in_callback = 0;
}
