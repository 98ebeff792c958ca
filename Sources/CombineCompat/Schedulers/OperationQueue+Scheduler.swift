#if !canImport(Darwin)

import Dispatch
import Foundation

extension OperationQueue: Scheduler {
    /// The scheduler time type used by the operation queue: a `Date`.
    public struct SchedulerTimeType: _DateSchedulerTime, Sendable {
        /// The date represented by this type.
        public var date: Date

        /// Initializes an operation queue scheduler time with the given date.
        public init(_ date: Date) { self.date = date }

        /// The interval by which operation queue times advance, in seconds (`magnitude`, a `TimeInterval`).
        public struct Stride: _SchedulerStride, Hashable, Codable, Sendable {
            /// The value of this time interval in seconds.
            public var magnitude: TimeInterval

            /// Creates an interval from its stored seconds.
            public init(_magnitude: TimeInterval) { magnitude = _magnitude }
        }
    }

    /// Options that affect the operation of the operation queue scheduler: there are none.
    public struct SchedulerOptions: Sendable {}

    /// The current date, or the redirect target's virtual instant as a date (see ``SchedulerRedirection``).
    public var now: SchedulerTimeType { SchedulerTimeType(_VirtualTimeMapping.now { Date() }) }

    /// The minimum tolerance allowed by the scheduler: zero.
    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(0) }

    /// Adds `action` to this queue as an operation, or runs it at the redirect target's current instant.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        if _VirtualTimeMapping.redirect(action) { return }
        _SendableOperationWork(queue: self, action: action).enqueue()
    }

    /// Adds `action` to this queue as an operation at `date` (a wall-clock dispatch deadline), or runs it at the
    /// matching virtual instant.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        if _VirtualTimeMapping.redirect(after: date.date, action) { return }
        let work = _SendableOperationWork(queue: self, action: action)
        DispatchQueue.global().asyncAfter(wallDeadline: .now() + max(0, date.date.timeIntervalSinceNow)) {
            work.enqueue()
        }
    }

    /// Adds `action` to this queue at `date` and then every `interval` (driven by a dispatch timer), or uses the
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
        let work = _SendableOperationWork(queue: self, action: action)
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(
            wallDeadline: .now() + max(0, date.date.timeIntervalSinceNow),
            repeating: max(1e-9, interval.magnitude),
            leeway: .nanoseconds(Int(saturating: max(0, tolerance.magnitude) * 1_000_000_000))
        )
        timer.setEventHandler { work.enqueue() }
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}

/// An action bound for an operation queue, carried across the dispatch hop that times it.
struct _SendableOperationWork: @unchecked Sendable {
    let queue: OperationQueue
    let action: () -> Void

    func enqueue() {
        let work = _SendableAction(run: action)
        queue.addOperation(BlockOperation { work.run() })
    }
}

#endif
