// Which thread is the main thread, for Foundation and libdispatch's assertions, while a scenario runs.
//
// Verified on Swift 6.3.1, Linux: swift-corelibs-foundation answers `Thread.isMainThread` (and `Thread.current` on a
// thread's first use, `OperationQueue.current`, `NotificationCenter.addObserver(forName:object:queue:using:)`) with
// `_CFIsMainThread()`, which is `syscall(SYS_gettid) == getpid()`; libFoundation.so makes each of its seven calls
// through `_CFIsMainThread@plt`, so the definition below answers every caller in the process. On a thread that drives
// a scenario it says what the timeline is running: main-lane work (MainActor jobs, main-queue blocks, the harness's
// own steps) is on the main thread, work of the default executor or of another queue is not, as on a phone, whichever
// thread drives (the process's main thread in a worker or an XCTest method; a Swift Testing test's thread, where the
// process's main thread has exited and the main queue is served by a libdispatch thread). Every other thread gets
// Foundation's own answer.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "state.h"

static int (*_Atomic real_is_main_thread)(void) = 0;
static _Atomic int real_looked_up = 0;

int _CFIsMainThread(void) {
    if (vt_driving) return vt_thread_is_main_isolated();
    if (!atomic_load_explicit(&real_looked_up, memory_order_acquire)) {
        atomic_store_explicit(&real_is_main_thread, (int (*)(void))dlsym(RTLD_NEXT, "_CFIsMainThread"),
                              memory_order_release);
        atomic_store_explicit(&real_looked_up, 1, memory_order_release);
    }
    int (*real)(void) = atomic_load_explicit(&real_is_main_thread, memory_order_acquire);
    return real ? real() : syscall(SYS_gettid) == getpid();
}

// Per thread, the answer and the fork generation it was found in: a fork's child starts a new generation (its one
// thread is another thread of another process), so nothing found before the fork is trusted after it.
static atomic_int fork_generation = 1;
static _Thread_local int process_main_generation = 0;
static _Thread_local int process_main = 0;

static void vt_after_fork_in_child(void) { atomic_fetch_add_explicit(&fork_generation, 1, memory_order_relaxed); }

__attribute__((constructor)) static void vt_watch_forks(void) { pthread_atfork(0, 0, vt_after_fork_in_child); }

int vt_thread_is_process_main(void) {
    int generation = atomic_load_explicit(&fork_generation, memory_order_relaxed);
    if (process_main_generation != generation) {
        process_main = syscall(SYS_gettid) == getpid();
        process_main_generation = generation;
    }
    return process_main;
}
