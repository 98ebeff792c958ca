import CombineCompat
import RehearsalBase

extension VirtualScheduler {
    /// An instant on the virtual timeline: nanoseconds since its origin.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable, CustomStringConvertible {
        /// Nanoseconds since the timeline's origin; never negative.
        public var nanoseconds: Int64

        /// Creates the instant `nanoseconds` after the origin (clamped to the origin).
        public init(nanoseconds: Int64) {
            self.nanoseconds = max(0, nanoseconds)
        }

        /// The distance to `other`, negative when `other` is earlier.
        public func distance(to other: SchedulerTimeType) -> Stride {
            // Both are non-negative, so the difference cannot overflow.
            Stride(nanoseconds: other.nanoseconds - nanoseconds)
        }

        /// The instant `stride` later (earlier when negative), clamped to the origin and to `Int64.max`.
        public func advanced(by stride: Stride) -> SchedulerTimeType {
            SchedulerTimeType(nanoseconds: nanoseconds.addingSaturating(stride.nanoseconds))
        }

        /// The instant in the scenario files' form, e.g. `300ms`.
        public var description: String { ScenarioDuration(nanoseconds: nanoseconds).description }

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
                nanoseconds = duration.saturatingNanoseconds
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

            /// The interval in the scenario files' form, e.g. `300ms`, with a `-` when negative (`-1s`).
            public var description: String {
                let length = ScenarioDuration(nanoseconds: Int64(clamping: nanoseconds.magnitude))
                return (nanoseconds < 0 ? "-" : "") + length.description
            }
        }
    }
}

extension Int64 {
    /// `self`, with `Int64.min` replaced by `-Int64.max` so that it can be negated.
    fileprivate var clampedNegatable: Int64 { self == .min ? -.max : self }
}
