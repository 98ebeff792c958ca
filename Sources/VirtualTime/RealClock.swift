import CVirtualTime

/// The real clock, whatever thread asks: for the harness's watchdogs and measurements, which must not read the
/// scenario's virtual time even when they run on the thread that drives a scenario.
///
///     let start = RealClock.monotonicNanoseconds
///     let result = runner.run(file: path)
///     let elapsed = RealClock.monotonicNanoseconds - start   // wall time, never virtual
public enum RealClock {
    /// Nanoseconds on the real monotonic clock (`CLOCK_MONOTONIC`).
    public static var monotonicNanoseconds: Int64 { vt_real_clock_ns(0) }

    /// Nanoseconds since 1970-01-01T00:00:00Z on the real wall clock (`CLOCK_REALTIME`).
    public static var wallClockNanoseconds: Int64 { vt_real_clock_ns(1) }
}
