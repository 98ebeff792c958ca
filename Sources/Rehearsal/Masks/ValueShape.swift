import Foundation
import ScenarioJSON

/// The shape a masked value must have: what a golden keeps of a value that is legitimately not reproducible.
///
/// A mask records the placeholder (`"<uuid>"`) in the golden and checks only that the run's value fits:
/// ```swift
/// ValueShape.uuid.fits("6F9619FF-8B86-D011-B42D-00C04FC964FF")   // true
/// ValueShape.date.placeholder                                     // "<date>"
/// ```
public enum ValueShape: String, Codable, Sendable, CaseIterable {
    /// A UUID string (`8-4-4-4-12` hexadecimal digits, either case).
    case uuid
    /// A date and time string in RFC 3339 / ISO 8601 (`2026-01-01T09:00:00.250Z`), as timelines write a `Date`.
    case date
    /// A JSON number (an integer or a fraction).
    case number
    /// Any JSON string.
    case string
    /// Any JSON value at all.
    case any

    /// What the golden holds instead of the value: `"<uuid>"`, `"<date>"`, …
    public var placeholder: JSONValue { .string("<\(rawValue)>") }

    /// Whether `value` has this shape.
    public func fits(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.any, _): true
        case (.number, .integer), (.number, .double): true
        case (.string, .string): true
        case (.uuid, .string(let text)): UUID(uuidString: text) != nil
        case (.date, .string(let text)): (try? ScenarioTimestamp(parsing: text)) != nil
        default: false
        }
    }

    /// The narrowest shape both values fit, to suggest for a value that differs between two runs: `uuid`, `date`,
    /// `number`, `string`, or `any`.
    public static func common(_ first: JSONValue, _ second: JSONValue) -> ValueShape {
        [.uuid, .date, .number, .string].first { $0.fits(first) && $0.fits(second) } ?? .any
    }

    /// How a value of this shape is named in a guess: `a UUID?`, `a date?`, `a random number or a counter?`.
    var guess: String {
        switch self {
        case .uuid: "a UUID?"
        case .date: "a date?"
        case .number: "a random number or a counter?"
        case .string: "a generated string?"
        case .any: "a value computed from something outside the scenario?"
        }
    }
}
