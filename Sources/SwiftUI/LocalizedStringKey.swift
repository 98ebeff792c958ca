import Foundation
import FrameworkSeam

/// The key a localised string is looked up by, as SwiftUI builds it from a literal: interpolated values become
/// format specifiers in the key (`"Hello, %@!"`) and arguments beside it. Compared by key and arguments, and
/// recorded as `{"$type": "LocalizedStringKey", "arguments": ["Kim"], "key": "Hello, %@!"}`. Nothing is looked up:
/// there are no strings files on Linux.
///
/// ```swift
/// let title: LocalizedStringKey = "\(count) new messages"     // key "%lld new messages", arguments [3]
/// ```
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, TimelineRepresentable {
    /// Builds a key and its arguments from an interpolated literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [Argument] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            key += literal.replacingOccurrences(of: "%", with: "%%")
        }

        /// A string: `%@`.
        public mutating func appendInterpolation(_ string: String) {
            append("%@", .text(string))
        }

        /// An integer: `%lld`.
        public mutating func appendInterpolation<Value: BinaryInteger>(_ value: Value) {
            append("%lld", .integer(Int64(value)))
        }

        /// A `Double`: `%lf`.
        public mutating func appendInterpolation(_ value: Double) {
            append("%lf", .number(value))
        }

        /// A `Float`: `%f`.
        public mutating func appendInterpolation(_ value: Float) {
            append("%f", .number(Double(value)))
        }

        /// Any other value, as its description: `%@`.
        public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            append("%@", .text(value.description))
        }

        private mutating func append(_ specifier: String, _ argument: Argument) {
            key += specifier
            arguments.append(argument)
        }
    }

    enum Argument: Equatable {
        case text(String), integer(Int64), number(Double)

        var value: Any {
            switch self {
            case .text(let text): text
            case .integer(let integer): integer
            case .number(let number): number
            }
        }
    }

    /// The key, with a format specifier for each interpolated value.
    let key: String
    let arguments: [Argument]

    /// A key that is `value` itself.
    public init(_ value: String) {
        key = value
        arguments = []
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
    }

    /// The key and its arguments.
    public var timelineRepresentation: Any {
        var form: [String: Any] = ["$type": "LocalizedStringKey", "key": key]
        if !arguments.isEmpty { form["arguments"] = arguments.map(\.value) }
        return form
    }
}
