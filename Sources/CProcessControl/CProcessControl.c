// `prctl` is variadic, so Swift cannot call it directly; this is its one use in the package.
#include "CProcessControl.h"

#if defined(__linux__)
#include <sys/prctl.h>

int rehearsal_die_with_parent(int signal) {
    return prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0);
}
#else
int rehearsal_die_with_parent(int signal) {
    (void)signal;
    return -1;
}
#endif
