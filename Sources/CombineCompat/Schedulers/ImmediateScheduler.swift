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
public struct ImmediateScheduler: Scheduler {
    /// The time type used by the immediate scheduler: every instant is the same instant.
    public struct SchedulerTimeType: Strideable {
        /// A distance on an `ImmediateScheduler`, counted in a unit of its own: as in Combine, a whole number that
        /// only arithmetic and comparison use, since nothing on this scheduler waits. Literals are that number
        /// (`14.6` truncates to 14) and every time conversion (`.seconds(1100)`, `.milliseconds(123)`, …) is zero,
        /// as the OpenCombine suite, whose compatibility mode runs against Apple's Combine, records in
        /// ImmediateSchedulerTests.testSchedulerTimeType. It encodes as `{"magnitude": n}`.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
            Codable
        {
            /// The value of this stride.
            public var magnitude: Int

            /// Creates a stride of `value`.
            public init(_ value: Int) { magnitude = value }

            /// Creates a stride of `value`.
            public init(integerLiteral value: Int) { magnitude = value }

            /// Creates a stride of `value`, truncated to a whole number.
            public init(floatLiteral value: Double) { magnitude = Int(value) }

            /// Creates a stride of `source`, if it fits in an `Int`.
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                magnitude = value
            }

            /// Always zero: an immediate scheduler has no time to convert to.
            public static func seconds(_ s: Int) -> Stride { 0 }
            /// Always zero: an immediate scheduler has no time to convert to.
            public static func seconds(_ s: Double) -> Stride { 0 }
            /// Always zero: an immediate scheduler has no time to convert to.
            public static func milliseconds(_ ms: Int) -> Stride { 0 }
            /// Always zero: an immediate scheduler has no time to convert to.
            public static func microseconds(_ us: Int) -> Stride { 0 }
            /// Always zero: an immediate scheduler has no time to convert to.
            public static func nanoseconds(_ ns: Int) -> Stride { 0 }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }

        /// Returns the distance to another immediate scheduler time: always zero.
        public func distance(to other: SchedulerTimeType) -> Stride { Stride(0) }

        /// Advances the time by the given stride: the result is the same instant.
        public func advanced(by n: Stride) -> SchedulerTimeType { self }
    }

    /// A type that defines options accepted by the immediate scheduler: it accepts none.
    public typealias SchedulerOptions = Never

    /// The shared instance of the immediate scheduler.
    ///
    /// The scheduler is not `Sendable`, as in Combine; it holds nothing, so the one instance is shared safely.
    nonisolated(unsafe) public static let shared = ImmediateScheduler()

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
