#ifndef REHEARSAL_CPROCESSCONTROL_H
#define REHEARSAL_CPROCESSCONTROL_H

/// Asks the kernel to send `signal` to this process when its parent dies (Linux `prctl(PR_SET_PDEATHSIG)`).
/// Returns 0 on success, -1 where the platform has no such request (the caller then relies on its own check).
int rehearsal_die_with_parent(int signal);

#endif
