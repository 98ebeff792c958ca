#ifndef REHEARSAL_CPROCESSCONTROL_H
#define REHEARSAL_CPROCESSCONTROL_H

/// Asks the kernel to send `signal` to this process when its parent dies (Linux `prctl(PR_SET_PDEATHSIG)`).
/// Returns 0 on success, -1 where the platform has no such request (the caller then relies on its own check).
int rehearsal_die_with_parent(int signal);

/// Waits up to `timeout_ms` milliseconds for the process `pid` to end (it may be anyone's child), without polling:
/// Linux `pidfd_open` and `poll`. Returns 1 when it has ended (or no longer exists), 0 on timeout, -1 when the
/// platform cannot tell.
int rehearsal_wait_for_exit(int pid, int timeout_ms);

/// While a scenario runs in the command line's own process: sends stdout to stderr (keeping a copy), and on a crash
/// signal (SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT) puts stdout back, writes the signal's number as three
/// digits at `digits` (inside an entry of `envp`) and replaces the process with `path` `argv` `envp` (execve). The
/// handlers run on an alternate stack of the calling thread. Every pointer must stay valid until the disarm.
/// Returns 0, or -1 when already armed or on a platform without it.
int rehearsal_reexec_on_crash(const char *path, char *const *argv, char *const *envp, char *digits);

/// Puts back the crash handlers and stdout from before ``rehearsal_reexec_on_crash``; `same_thread` non-zero when
/// called on the thread that armed it (its alternate stack is put back too).
void rehearsal_reexec_disarm(int same_thread);

#endif
