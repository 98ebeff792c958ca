#if !canImport(Darwin)

/// A scheduler for performing synchronous actions.
///
/// You can only use this scheduler for immediate actions: every `schedule` call runs the action right away on the
/// calling thread, whatever date it names, and `now` never advances. It is never redirected onto a virtual
/// timeline (that would make it asynchronous); `DispatchQueue`, `RunLoop` and `OperationQueue` are.
///
/// ```swift
/// ImmediateScheduler.shared.schedule { print("now") }
/// print("after")
/// // Prints: "now", then "after"
/// ```
public struct ImmediateScheduler: Scheduler, Sendable {
    /// The time type used by the immediate scheduler: every instant is the same instant.
    public struct SchedulerTimeType: Strideable, Sendable, Hashable {
        /// The interval type of the immediate scheduler, in nanoseconds (integer literals are seconds).
        public struct Stride: _SchedulerStride, Hashable, Codable, Sendable {
            /// The interval in nanoseconds.
            public var magnitude: Int

            /// Creates an interval of `value` nanoseconds.
            public init(_ value: Int) { magnitude = value }

            /// Creates an interval from its stored nanoseconds.
            public init(_magnitude: Int) { magnitude = _magnitude }
        }

        /// Returns the distance to another immediate scheduler time: always zero.
        public func distance(to other: SchedulerTimeType) -> Stride { Stride(0) }

        /// Advances the time by the given stride: the result is the same instant.
        public func advanced(by n: Stride) -> SchedulerTimeType { self }
    }

    /// A type that defines options accepted by the immediate scheduler: it accepts none.
    public typealias SchedulerOptions = Never

    /// The shared instance of the immediate scheduler.
    public static let shared = ImmediateScheduler()

    /// The immediate scheduler's definition of the current moment in time.
    public var now: SchedulerTimeType { SchedulerTimeType() }

    /// The minimum tolerance allowed by the immediate scheduler: zero.
    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(0) }

    /// Runs `action` now, on the calling thread.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        action()
    }

    /// Runs `action` now, on the calling thread: `date` is always the present for this scheduler.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        action()
    }

    /// Runs `action` once, now, and returns a cancellable that does nothing: repetition has no meaning when
    /// time does not pass.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        action()
        return Subscriptions.empty
    }
}

#endif
