#ifndef REHEARSAL_CPROCESSCONTROL_H
#define REHEARSAL_CPROCESSCONTROL_H

/// Asks the kernel to send `signal` to this process when its parent dies (Linux `prctl(PR_SET_PDEATHSIG)`).
/// Returns 0 on success, -1 where the platform has no such request (the caller then relies on its own check).
int rehearsal_die_with_parent(int signal);

/// Waits up to `timeout_ms` milliseconds for the process `pid` to end (it may be anyone's child), without polling:
/// Linux `pidfd_open` and `poll`. Returns 1 when it has ended (or no longer exists), 0 on timeout, -1 when the
/// platform cannot tell.
int rehearsal_wait_for_exit(int pid, int timeout_ms);

#endif
