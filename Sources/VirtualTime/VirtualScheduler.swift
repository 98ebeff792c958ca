import CombineCompat

/// A Combine `Scheduler` on a `VirtualEventLoop`: `debounce`, `throttle`, `delay`, `receive(on:)` and `timeout`
/// given this scheduler act at virtual instants, when the timeline is advanced.
///
///     let scheduler = timeline.scheduler
///     scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) { print("fired") }
///     try timeline.advance(by: .milliseconds(300))   // prints "fired" at 300ms
///
/// Timing: `schedule(_:)` runs at the current instant, after everything already due at it; `schedule(after:)`
/// runs at `max(date, now)`; ties run in scheduling order. Tolerance is ignored (virtual time is exact).
public struct VirtualScheduler: Scheduler, Sendable {
    /// The timeline this scheduler queues work on.
    public let timeline: VirtualEventLoop

    /// Creates a scheduler on `timeline` (also available as `timeline.scheduler`).
    public init(timeline: VirtualEventLoop) {
        self.timeline = timeline
    }

    /// This scheduler accepts no options.
    public typealias SchedulerOptions = Never

    /// The current virtual instant.
    public var now: SchedulerTimeType { SchedulerTimeType(nanoseconds: timeline.nowNanoseconds) }

    /// Zero: virtual time is exact.
    public var minimumTolerance: SchedulerTimeType.Stride { .zero }

    /// Runs `action` at the current virtual instant, after the work already due at it.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        timeline.schedule(atNanoseconds: 0, kind: .scheduled, action)
    }

    /// Runs `action` at `date` (or now, if `date` has passed).
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        timeline.schedule(atNanoseconds: date.nanoseconds, kind: .scheduled, action)
    }

    /// Runs `action` at `date`, then every `interval` (at least 1ns) until the returned value is cancelled.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        let token = TimerToken()
        let every = max(interval.nanoseconds, 1)
        timeline.schedule(atNanoseconds: date.nanoseconds, kind: .repeating, interval: every, token: token, action)
        let timeline = self.timeline
        return AnyCancellable { timeline.cancel(token) }
    }
}
