#if !canImport(Darwin)

extension Subscribers {
    /// A requested number of items, sent to a publisher from a subscriber through the subscription.
    ///
    /// Arithmetic saturates: anything involving `.unlimited` stays `.unlimited`, additions that overflow become
    /// `.unlimited`, and subtraction never goes below `.none`.
    public struct Demand: Equatable, Comparable, Hashable, Codable, Sendable, CustomStringConvertible {
        @usableFromInline let rawValue: UInt

        @inlinable init(rawValue: UInt) {
            self.rawValue = min(UInt(Int.max) + 1, rawValue)
        }

        /// A request for as many values as the publisher can produce.
        @inlinable public static var unlimited: Demand { Demand(rawValue: UInt(Int.max) + 1) }

        /// A request for no elements from the publisher. Never valid as an argument to `request(_:)`.
        @inlinable public static var none: Demand { Demand(rawValue: 0) }

        /// Creates a demand for the given maximum number of elements. `value` must not be negative.
        @inlinable
        public static func max(_ value: Int) -> Demand {
            _APIViolation.checkNotNegative(value, "Subscribers.Demand.max(_:) value")
            return Demand(rawValue: UInt(value))
        }

        public var description: String {
            self == .unlimited ? "unlimited" : "max(\(rawValue))"
        }

        /// The number of requested values, or `nil` if unlimited.
        @inlinable
        public var max: Int? {
            rawValue > UInt(Int.max) ? nil : Int(rawValue)
        }

        @inlinable
        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            if lhs == .unlimited || rhs == .unlimited { return .unlimited }
            let (sum, overflow) = lhs.rawValue.addingReportingOverflow(rhs.rawValue)
            return overflow ? .unlimited : Demand(rawValue: sum)
        }

        @inlinable
        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

        @inlinable
        public static func + (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited { return .unlimited }
            if rhs < 0 { return lhs - Demand.max(-rhs) }
            return lhs + Demand.max(rhs)
        }

        @inlinable
        public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

        @inlinable
        public static func * (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited { return .unlimited }
            if rhs <= 0 { return .none }
            let (product, overflow) = lhs.rawValue.multipliedReportingOverflow(by: UInt(rhs))
            return overflow ? .unlimited : Demand(rawValue: product)
        }

        @inlinable
        public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

        @inlinable
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            if lhs == .unlimited { return .unlimited }
            if rhs == .unlimited { return .none }
            return lhs.rawValue > rhs.rawValue ? Demand(rawValue: lhs.rawValue - rhs.rawValue) : .none
        }

        @inlinable
        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

        @inlinable
        public static func - (lhs: Demand, rhs: Int) -> Demand {
            if rhs < 0 { return lhs + Demand.max(-rhs) }
            return lhs - Demand.max(rhs)
        }

        @inlinable
        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

        @inlinable
        public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Three-way comparison with an integer: `.unlimited` and every demand exceed negative numbers.
        @usableFromInline
        static func _compare(_ lhs: Demand, _ rhs: Int) -> Int {
            if lhs == .unlimited || rhs < 0 { return 1 }
            return lhs.rawValue == UInt(rhs) ? 0 : (lhs.rawValue < UInt(rhs) ? -1 : 1)
        }

        @inlinable public static func > (lhs: Demand, rhs: Int) -> Bool { _compare(lhs, rhs) > 0 }
        @inlinable public static func >= (lhs: Demand, rhs: Int) -> Bool { _compare(lhs, rhs) >= 0 }
        @inlinable public static func < (lhs: Demand, rhs: Int) -> Bool { _compare(lhs, rhs) < 0 }
        @inlinable public static func <= (lhs: Demand, rhs: Int) -> Bool { _compare(lhs, rhs) <= 0 }
        @inlinable public static func > (lhs: Int, rhs: Demand) -> Bool { _compare(rhs, lhs) < 0 }
        @inlinable public static func >= (lhs: Int, rhs: Demand) -> Bool { _compare(rhs, lhs) <= 0 }
        @inlinable public static func < (lhs: Int, rhs: Demand) -> Bool { _compare(rhs, lhs) > 0 }
        @inlinable public static func <= (lhs: Int, rhs: Demand) -> Bool { _compare(rhs, lhs) >= 0 }
        @inlinable public static func == (lhs: Demand, rhs: Int) -> Bool { _compare(lhs, rhs) == 0 }
        @inlinable public static func != (lhs: Demand, rhs: Int) -> Bool { _compare(lhs, rhs) != 0 }
        @inlinable public static func == (lhs: Int, rhs: Demand) -> Bool { _compare(rhs, lhs) == 0 }
        @inlinable public static func != (lhs: Int, rhs: Demand) -> Bool { _compare(rhs, lhs) != 0 }

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            self.init(rawValue: try container.decode(UInt.self))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }
}

#endif
