// Clocks and thread sleeps. On a virtual scenario thread the monotonic clocks read VT_MONOTONIC_ORIGIN_NS plus the
// virtual instant, the wall clocks the scenario's wall-clock origin plus the virtual instant; CPU-time clocks stay
// real. A sleep returns at once: virtual time advances by the requested duration (the thread is blocked that
// long, as it would be on a device) and the sleep is reported.

#define _GNU_SOURCE
#include <errno.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "state.h"

VT_REAL_SLOT(clock_gettime);
VT_REAL_SLOT(gettimeofday);
VT_REAL_SLOT(time);
VT_REAL_SLOT(timespec_get);
VT_REAL_SLOT(nanosleep);
VT_REAL_SLOT(clock_nanosleep);
VT_REAL_SLOT(usleep);
VT_REAL_SLOT(sleep);

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);

/// TAI runs 37 seconds ahead of UTC (since 2017).
static const int64_t tai_offset_ns = 37000000000LL;

static int reads_virtual_clock(void) { return vt_virtual && !vt_simulated_missing; }

static int64_t now_ns(void) { return atomic_load_explicit(&vt_now_ns, memory_order_relaxed); }

/// The virtual reading of `clock` in nanoseconds, or -1 when `clock` stays real (CPU time, unknown clocks).
static int64_t virtual_reading(clockid_t clock) {
    switch (clock) {
    case CLOCK_REALTIME:
    case CLOCK_REALTIME_COARSE:
    case CLOCK_REALTIME_ALARM: return vt_wall_origin_ns + now_ns();
    case CLOCK_TAI: return vt_wall_origin_ns + now_ns() + tai_offset_ns;
    case CLOCK_MONOTONIC:
    case CLOCK_MONOTONIC_RAW:
    case CLOCK_MONOTONIC_COARSE:
    case CLOCK_BOOTTIME:
    case CLOCK_BOOTTIME_ALARM: return VT_MONOTONIC_ORIGIN_NS + now_ns();
    default: return -1;
    }
}

int clock_gettime(clockid_t clock, struct timespec *ts) {
    if (reads_virtual_clock()) {
        int64_t reading = virtual_reading(clock);
        if (reading >= 0) {
            ts->tv_sec = reading / 1000000000LL;
            ts->tv_nsec = reading % 1000000000LL;
            return 0;
        }
    }
    return VT_REAL(clock_gettime_fn, clock_gettime)(clock, ts);
}

int gettimeofday(struct timeval *tv, void *tz) {
    if (reads_virtual_clock()) {
        int64_t reading = vt_wall_origin_ns + now_ns();
        tv->tv_sec = reading / 1000000000LL;
        tv->tv_usec = (reading % 1000000000LL) / 1000;
        return 0;
    }
    return VT_REAL(int (*)(struct timeval *, void *), gettimeofday)(tv, tz);
}

time_t time(time_t *out) {
    if (reads_virtual_clock()) {
        time_t seconds = (time_t)((vt_wall_origin_ns + now_ns()) / 1000000000LL);
        if (out) *out = seconds;
        return seconds;
    }
    return VT_REAL(time_t (*)(time_t *), time)(out);
}

int timespec_get(struct timespec *ts, int base) {
    if (reads_virtual_clock() && base == TIME_UTC) {
        int64_t reading = vt_wall_origin_ns + now_ns();
        ts->tv_sec = reading / 1000000000LL;
        ts->tv_nsec = reading % 1000000000LL;
        return base;
    }
    return VT_REAL(int (*)(struct timespec *, int), timespec_get)(ts, base);
}

int64_t vt_real_clock_ns(int realtime) {
    struct timespec ts;
    VT_REAL(clock_gettime_fn, clock_gettime)(realtime ? CLOCK_REALTIME : CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int64_t duration_ns(const struct timespec *duration) {
    if (!duration || duration->tv_sec < 0) return 0;
    if (duration->tv_sec > INT64_MAX / 1000000000LL - 1) return INT64_MAX / 2;
    return (int64_t)duration->tv_sec * 1000000000LL + duration->tv_nsec;
}

int nanosleep(const struct timespec *request, struct timespec *remaining) {
    if (vt_intercepting()) {
        if (!request || request->tv_nsec < 0 || request->tv_nsec > 999999999) {
            errno = EINVAL;
            return -1;
        }
        vt_report(VT_SOURCE_NANOSLEEP, duration_ns(request));
        if (remaining) remaining->tv_sec = remaining->tv_nsec = 0;
        return 0;
    }
    return VT_REAL(int (*)(const struct timespec *, struct timespec *), nanosleep)(request, remaining);
}

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
    if (vt_intercepting() && request) {
        int64_t slept = duration_ns(request);
        if (flags & TIMER_ABSTIME) {
            int64_t reading = virtual_reading(clock);
            slept = reading >= 0 && slept > reading ? slept - reading : 0;
        }
        vt_report(VT_SOURCE_CLOCK_NANOSLEEP, slept);
        if (remaining) remaining->tv_sec = remaining->tv_nsec = 0;
        return 0;
    }
    return VT_REAL(int (*)(clockid_t, int, const struct timespec *, struct timespec *), clock_nanosleep)(
        clock, flags, request, remaining);
}

int usleep(useconds_t microseconds) {
    if (vt_intercepting()) {
        vt_report(VT_SOURCE_USLEEP, (int64_t)microseconds * 1000LL);
        return 0;
    }
    return VT_REAL(int (*)(useconds_t), usleep)(microseconds);
}

unsigned int sleep(unsigned int seconds) {
    if (vt_intercepting()) {
        vt_report(VT_SOURCE_SLEEP, (int64_t)seconds * 1000000000LL);
        return 0;
    }
    return VT_REAL(unsigned int (*)(unsigned int), sleep)(seconds);
}
