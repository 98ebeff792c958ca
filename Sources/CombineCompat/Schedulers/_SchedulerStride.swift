#if !canImport(Darwin)

/// The arithmetic shared by the scheduler strides of `ImmediateScheduler`, `DispatchQueue`, `RunLoop` and
/// `OperationQueue`. Each stride stores one `magnitude`; everything else (literals, operators, unit
/// conversions) comes from this protocol, so the four public strides cannot drift apart.
///
/// Not meant for conformance outside CombineCompat.
public protocol _SchedulerStride:
    SchedulerTimeIntervalConvertible, SignedNumeric, Comparable, ExpressibleByFloatLiteral
where Magnitude == _Storage, IntegerLiteralType == Int, FloatLiteralType == Double {
    /// The stored unit: `Int` nanoseconds or `Double` seconds.
    associatedtype _Storage: SignedNumeric & Comparable & Hashable

    /// The stored interval.
    var magnitude: _Storage { get set }

    /// Creates the stride from its stored unit.
    init(_magnitude: _Storage)

    /// Converts seconds to the stored unit.
    static func _storage(seconds: Double) -> _Storage

    /// Converts nanoseconds to the stored unit.
    static func _storage(nanoseconds: Int) -> _Storage

    /// The stored form of `count` units of which `perSecond` make a second (`1_000` for milliseconds).
    static func _storage(_ count: Int, perSecond: Int) -> _Storage
}

extension _SchedulerStride {
    /// Creates an interval from a number of seconds.
    public init(integerLiteral value: Int) { self.init(_magnitude: Self._storage(seconds: Double(value))) }

    /// Creates an interval from a number of seconds.
    public init(floatLiteral value: Double) { self.init(_magnitude: Self._storage(seconds: value)) }

    /// Creates an interval from a whole number of seconds, if it converts exactly.
    public init?<T: BinaryInteger>(exactly source: T) {
        guard let seconds = Int(exactly: source) else { return nil }
        self.init(integerLiteral: seconds)
    }

    /// An interval of `s` whole seconds.
    public static func seconds(_ s: Int) -> Self { Self(_magnitude: _storage(seconds: Double(s))) }
    /// An interval of `s` seconds.
    public static func seconds(_ s: Double) -> Self { Self(_magnitude: _storage(seconds: s)) }
    /// An interval of `ms` milliseconds (saturating where the storage is whole nanoseconds).
    public static func milliseconds(_ ms: Int) -> Self { Self(_magnitude: _storage(ms, perSecond: 1_000)) }
    /// An interval of `us` microseconds (saturating where the storage is whole nanoseconds).
    public static func microseconds(_ us: Int) -> Self { Self(_magnitude: _storage(us, perSecond: 1_000_000)) }
    /// An interval of `ns` nanoseconds.
    public static func nanoseconds(_ ns: Int) -> Self { Self(_magnitude: _storage(nanoseconds: ns)) }

    /// Whether `lhs` is the shorter interval.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
    /// Whether both intervals are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.magnitude == rhs.magnitude }
    /// The sum of two intervals.
    public static func + (lhs: Self, rhs: Self) -> Self { Self(_magnitude: lhs.magnitude + rhs.magnitude) }
    /// The difference of two intervals.
    public static func - (lhs: Self, rhs: Self) -> Self { Self(_magnitude: lhs.magnitude - rhs.magnitude) }
    /// The product of two intervals' magnitudes.
    public static func * (lhs: Self, rhs: Self) -> Self { Self(_magnitude: lhs.magnitude * rhs.magnitude) }
    /// Adds `rhs` to `lhs`.
    public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
    /// Subtracts `rhs` from `lhs`.
    public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
    /// Multiplies `lhs` by `rhs`.
    public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
}

extension _SchedulerStride where _Storage == Int {
    /// Seconds as saturating nanoseconds.
    public static func _storage(seconds: Double) -> Int { Int(saturating: seconds * 1_000_000_000) }
    /// Nanoseconds as they are.
    public static func _storage(nanoseconds: Int) -> Int { nanoseconds }
    /// `count` units as whole nanoseconds, saturating.
    public static func _storage(_ count: Int, perSecond: Int) -> Int {
        count.multipliedClamped(by: 1_000_000_000 / perSecond)
    }
}

extension _SchedulerStride where _Storage == Double {
    /// Seconds as they are.
    public static func _storage(seconds: Double) -> Double { seconds }
    /// Nanoseconds as seconds.
    public static func _storage(nanoseconds: Int) -> Double { Double(nanoseconds) / 1_000_000_000 }
    /// `count` units as seconds, divided once: `.milliseconds(Int.max)` keeps its magnitude (no detour through a
    /// nanosecond count that would saturate), as Combine's `TimeInterval` strides do.
    public static func _storage(_ count: Int, perSecond: Int) -> Double { Double(count) / Double(perSecond) }
}

extension Int {
    /// Multiplies, saturating at `Int.min` / `Int.max` instead of trapping.
    func multipliedClamped(by factor: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: factor)
        if !overflow { return product }
        return (self < 0) != (factor < 0) ? .min : .max
    }

    /// Creates an integer from a double, saturating (and mapping NaN to 0) instead of trapping.
    init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= Double(Int.max) {
            self = .max
        } else if value <= Double(Int.min) {
            self = .min
        } else {
            self = Int(value.rounded())
        }
    }
}

#endif
