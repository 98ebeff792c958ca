// A scenario run in the command line's own process (no worker) must not take the command line down with it: while
// it runs, a crash signal replaces the process with the same command, told to run its scenarios in worker processes
// (which report the crash as that scenario's). `execve` is async-signal-safe; nothing else here allocates or locks.
#include "CProcessControl.h"

#if defined(__linux__)
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const int crash_signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT};
#define CRASH_SIGNAL_COUNT (sizeof(crash_signals) / sizeof(crash_signals[0]))

static struct sigaction previous_actions[CRASH_SIGNAL_COUNT];
static stack_t previous_stack;
static char alternate_stack[256 * 1024];
static const char *reexec_path;
static char *const *reexec_argv;
static char *const *reexec_envp;
static char *reexec_digits;
static int saved_stdout = -1;
static volatile sig_atomic_t armed = 0;

static void on_crash(int signal_number) {
    if (saved_stdout >= 0) dup2(saved_stdout, STDOUT_FILENO);
    if (reexec_digits != NULL) {
        reexec_digits[0] = (char)('0' + (signal_number / 100) % 10);
        reexec_digits[1] = (char)('0' + (signal_number / 10) % 10);
        reexec_digits[2] = (char)('0' + signal_number % 10);
    }
    // The relaunched command starts as a fresh one would: no signal blocked, Ctrl-C and SIGTERM at their defaults.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    struct sigaction fresh;
    memset(&fresh, 0, sizeof(fresh));
    fresh.sa_handler = SIG_DFL;
    sigemptyset(&fresh.sa_mask);
    sigaction(SIGINT, &fresh, NULL);
    sigaction(SIGTERM, &fresh, NULL);
    execve(reexec_path, reexec_argv, reexec_envp);
    // execve failed: the handler was reset to the default action (SA_RESETHAND), so the fault repeats and the
    // process ends with the signal, which the shell reports.
}

int rehearsal_reexec_on_crash(const char *path, char *const *argv, char *const *envp, char *digits) {
    if (armed) return -1;
    reexec_path = path;
    reexec_argv = argv;
    reexec_envp = envp;
    reexec_digits = digits;
    fflush(stdout);
    saved_stdout = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (saved_stdout >= 0) dup2(STDERR_FILENO, STDOUT_FILENO);
    stack_t stack = {.ss_sp = alternate_stack, .ss_size = sizeof(alternate_stack), .ss_flags = 0};
    sigaltstack(&stack, &previous_stack);
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = on_crash;
    action.sa_flags = SA_ONSTACK | SA_NODEFER | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    for (size_t index = 0; index < CRASH_SIGNAL_COUNT; index++) {
        sigaction(crash_signals[index], &action, &previous_actions[index]);
    }
    armed = 1;
    return 0;
}

void rehearsal_reexec_disarm(int same_thread) {
    if (!armed) return;
    for (size_t index = 0; index < CRASH_SIGNAL_COUNT; index++) {
        sigaction(crash_signals[index], &previous_actions[index], NULL);
    }
    if (same_thread) sigaltstack(&previous_stack, NULL);
    fflush(stdout);
    if (saved_stdout >= 0) {
        dup2(saved_stdout, STDOUT_FILENO);
        close(saved_stdout);
        saved_stdout = -1;
    }
    armed = 0;
}
#else
int rehearsal_reexec_on_crash(const char *path, char *const *argv, char *const *envp, char *digits) {
    (void)path;
    (void)argv;
    (void)envp;
    (void)digits;
    return -1;
}

void rehearsal_reexec_disarm(int same_thread) { (void)same_thread; }
#endif
