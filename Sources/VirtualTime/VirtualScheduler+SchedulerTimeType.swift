import CombineCompat

extension VirtualScheduler {
    /// An instant on the virtual timeline: nanoseconds since its origin.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable, CustomStringConvertible {
        /// Nanoseconds since the timeline's origin.
        public var nanoseconds: UInt64

        /// Creates the instant `nanoseconds` after the origin.
        public init(nanoseconds: UInt64) {
            self.nanoseconds = nanoseconds
        }

        /// The distance to `other`, negative when `other` is earlier.
        public func distance(to other: SchedulerTimeType) -> Stride {
            let forward = other.nanoseconds >= nanoseconds
            let magnitude = forward ? other.nanoseconds - nanoseconds : nanoseconds - other.nanoseconds
            let clamped = Int64(clamping: magnitude)
            return Stride(nanoseconds: forward ? clamped : -clamped)
        }

        /// The instant `stride` later (earlier when negative), clamped to the origin and to `UInt64.max`.
        public func advanced(by stride: Stride) -> SchedulerTimeType {
            if stride.nanoseconds >= 0 {
                let (sum, overflow) = nanoseconds.addingReportingOverflow(UInt64(stride.nanoseconds))
                return SchedulerTimeType(nanoseconds: overflow ? .max : sum)
            }
            let back = stride.nanoseconds.magnitude
            return SchedulerTimeType(nanoseconds: back > nanoseconds ? 0 : nanoseconds - back)
        }

        /// The instant in report form, e.g. `300ms`.
        public var description: String { VirtualDuration.text(nanoseconds) }

        /// A signed interval between virtual instants, in nanoseconds.
        ///
        /// Integer and float literals are seconds (as for `DispatchQueue`'s stride): `let s: Stride = 2` is 2s.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, Sendable,
            ExpressibleByFloatLiteral, CustomStringConvertible
        {
            /// The interval in nanoseconds.
            public var nanoseconds: Int64

            /// Creates an interval of `nanoseconds`.
            public init(nanoseconds: Int64) {
                self.nanoseconds = nanoseconds
            }

            /// Creates an interval from a Swift `Duration`, saturating at the `Int64` nanosecond range.
            public init(_ duration: Duration) {
                nanoseconds = VirtualDuration.signedNanoseconds(duration)
            }

            /// The interval as a Swift `Duration`.
            public var duration: Duration { .nanoseconds(nanoseconds) }

            /// `value` seconds.
            public init(integerLiteral value: Int) {
                self = .seconds(value)
            }

            /// `value` seconds.
            public init(floatLiteral value: Double) {
                self = .seconds(value)
            }

            /// `source` seconds, when representable.
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let seconds = Int64(exactly: source) else { return nil }
                let (value, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
                if overflow { return nil }
                nanoseconds = value
            }

            /// The absolute interval.
            public var magnitude: Stride { Stride(nanoseconds: Int64(clamping: nanoseconds.magnitude)) }

            /// No time.
            public static var zero: Stride { Stride(nanoseconds: 0) }

            /// The sum, saturating at the `Int64` range.
            public static func + (lhs: Stride, rhs: Stride) -> Stride {
                Stride(nanoseconds: lhs.nanoseconds.addingSaturating(rhs.nanoseconds))
            }

            /// The difference, saturating at the `Int64` range.
            public static func - (lhs: Stride, rhs: Stride) -> Stride {
                Stride(nanoseconds: lhs.nanoseconds.addingSaturating(-rhs.nanoseconds.clampedNegatable))
            }

            /// Multiplies the nanosecond magnitudes, saturating (kept for `SignedNumeric`; scale with integers).
            public static func * (lhs: Stride, rhs: Stride) -> Stride {
                let (product, overflow) = lhs.nanoseconds.multipliedReportingOverflow(by: rhs.nanoseconds)
                if !overflow { return Stride(nanoseconds: product) }
                return Stride(nanoseconds: (lhs.nanoseconds < 0) != (rhs.nanoseconds < 0) ? .min : .max)
            }

            /// Multiplies in place, like `*`.
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            /// Whether `lhs` is shorter (more negative) than `rhs`.
            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

            /// `s` seconds.
            public static func seconds(_ s: Int) -> Stride { Stride(.seconds(s)) }

            /// `s` seconds, rounded to the nanosecond and saturating.
            public static func seconds(_ s: Double) -> Stride {
                Stride(nanoseconds: Int64(exactly: (s * 1e9).rounded()) ?? (s < 0 ? .min : .max))
            }

            /// `ms` milliseconds.
            public static func milliseconds(_ ms: Int) -> Stride { Stride(.milliseconds(ms)) }

            /// `us` microseconds.
            public static func microseconds(_ us: Int) -> Stride { Stride(.microseconds(us)) }

            /// `ns` nanoseconds.
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: Int64(ns)) }

            /// The interval in report form, e.g. `300ms` or `-1s`.
            public var description: String {
                (nanoseconds < 0 ? "-" : "") + VirtualDuration.text(nanoseconds.magnitude)
            }
        }
    }
}

extension Int64 {
    fileprivate func addingSaturating(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        if !overflow { return sum }
        return other < 0 ? .min : .max
    }

    /// `self`, with `Int64.min` replaced by `-Int64.max` so that it can be negated.
    fileprivate var clampedNegatable: Int64 { self == .min ? -.max : self }
}
