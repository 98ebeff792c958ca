#ifndef REHEARSAL_CCOMBINECOMPATTHREAD_H
#define REHEARSAL_CCOMBINECOMPATTHREAD_H

#include <stdint.h>

/// The calling thread's thread pointer: distinct for every live thread, read in one instruction (pthread_self()
/// costs a call into the C library). CombineCompat's delivery gates record their holder with it.
static inline uintptr_t combinecompat_current_thread(void) {
#if defined(__x86_64__)
    uintptr_t pointer;
    __asm__("mov %%fs:0, %0" : "=r"(pointer));
    return pointer;
#elif defined(__aarch64__)
    uintptr_t pointer;
    __asm__("mrs %0, tpidr_el0" : "=r"(pointer));
    return pointer;
#else
    return (uintptr_t)__builtin_thread_pointer();
#endif
}

/// The innermost delivery gate the calling thread holds (its owner's address), or 0: a subscriber that knows its
/// subscription's gate tells by one comparison that a value comes under it.
extern __thread uintptr_t combinecompat_innermost_gate __attribute__((tls_model("initial-exec")));

static inline uintptr_t combinecompat_current_gate(void) {
    return combinecompat_innermost_gate;
}

static inline void combinecompat_set_current_gate(uintptr_t gate) {
    combinecompat_innermost_gate = gate;
}

#endif
