// `prctl` is variadic, so Swift cannot call it directly; this is its one use in the package. `pidfd_open` has no
// libc wrapper on older glibc; the tests use it to wait for a process that is not their child.
#include "CProcessControl.h"

#if defined(__linux__)
#include <errno.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

int rehearsal_die_with_parent(int signal) {
    return prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0);
}

int rehearsal_wait_for_exit(int pid, int timeout_ms) {
    int descriptor = (int)syscall(SYS_pidfd_open, pid, 0);
    if (descriptor < 0) return errno == ESRCH ? 1 : -1;
    struct pollfd entry = {descriptor, POLLIN, 0};
    int ready;
    do {
        ready = poll(&entry, 1, timeout_ms);
    } while (ready < 0 && errno == EINTR);
    close(descriptor);
    return ready > 0 ? 1 : (ready == 0 ? 0 : -1);
}
#else
int rehearsal_die_with_parent(int signal) {
    (void)signal;
    return -1;
}

int rehearsal_wait_for_exit(int pid, int timeout_ms) {
    (void)pid;
    (void)timeout_ms;
    return -1;
}
#endif
