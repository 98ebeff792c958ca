#if !canImport(Darwin)

import Foundation

extension RunLoop: Scheduler {
    /// The scheduler time type used by the run loop: a `Date`.
    public struct SchedulerTimeType: _DateSchedulerTime, Sendable {
        /// The date represented by this type.
        public var date: Date

        /// Initializes a run loop scheduler time with the given date.
        public init(_ date: Date) { self.date = date }

        /// The interval by which run loop times advance, in seconds (`magnitude`, a `TimeInterval`).
        public struct Stride: _SchedulerStride, Hashable, Codable, Sendable {
            /// The value of this time interval in seconds.
            public var magnitude: TimeInterval

            /// Creates an interval from its stored seconds.
            public init(_magnitude: TimeInterval) { magnitude = _magnitude }
        }
    }

    /// Options that affect the operation of the run loop scheduler: there are none.
    public struct SchedulerOptions: Sendable {}

    /// The current date, or the redirect target's virtual instant as a date (see ``SchedulerRedirection``).
    public var now: SchedulerTimeType { SchedulerTimeType(_VirtualTimeMapping.now { Date() }) }

    /// The minimum tolerance allowed by the scheduler: zero.
    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(0) }

    /// Runs `action` on this run loop's next pass (`perform`), or at the redirect target's current instant.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        if _VirtualTimeMapping.redirect(action) { return }
        let work = _SendableAction(run: action)
        perform { work.run() }
    }

    /// Runs `action` on this run loop at `date` (a one-shot `Timer`), or at the matching virtual instant.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        if _VirtualTimeMapping.redirect(after: date.date, action) { return }
        let work = _SendableAction(run: action)
        let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in work.run() }
        timer.tolerance = max(0, tolerance.magnitude)
        add(timer, forMode: .default)
    }

    /// Runs `action` on this run loop at `date` and then every `interval` (a repeating `Timer`), or on the
    /// redirect target's repeating schedule. Cancel the result to stop.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        if let redirected = _VirtualTimeMapping.redirect(after: date.date, every: interval.magnitude, action) {
            return redirected
        }
        let work = _SendableAction(run: action)
        let timer = Timer(fire: date.date, interval: interval.magnitude, repeats: true) { _ in work.run() }
        timer.tolerance = max(0, tolerance.magnitude)
        add(timer, forMode: .default)
        let handle = _SendableTimer(timer: timer)
        return AnyCancellable { handle.timer.invalidate() }
    }
}

/// A timer handle that may be invalidated from any thread (invalidation is thread-safe in Foundation).
struct _SendableTimer: @unchecked Sendable {
    let timer: Timer
}

#endif
