import ScenarioJSON

/// How a value a scenario writes is compared with a recorded one.
///
/// - ``equivalent(_:_:)``: the same JSON, objects in any member order, `2` equal to `2.0` (shrinker evidence).
/// - ``equals(_:expected:)``: what a property's `equals` and `value` mean: equivalence, where an error may also be
///   written by its enum case, `"offline"` for `{"$error": "InboxError", "case": "offline"}` and
///   `{"server": {"code": 500}}` for the same error with `"case": "server"` and that payload as its `"value"`.
/// - ``contains(_:expected:)``: what a mock response's `when` means: every member the scenario writes must be in the
///   recorded value with an equal value, at every depth, and other members (`"$type"` among them) are ignored; array
///   elements are matched the same way, position by position, and the arrays must be as long.
enum ValueMatch {
    /// The same JSON (objects in any member order, numbers by value).
    static func equivalent(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            return left.count == right.count
                && left.allSatisfy { key, value in right[key].map { equivalent(value, $0) } ?? false }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { equivalent($0, $1) }
        default:
            return sameScalar(lhs, rhs)
        }
    }

    /// Whether the recorded `actual` is the value a property writes as `expected` (see the type's notes).
    static func equals(_ actual: JSONValue, expected: JSONValue) -> Bool {
        if let error = ErrorCase(actual), error.isWritten(as: expected) { return true }
        switch (actual, expected) {
        case (.object(let left), .object(let right)):
            return left.count == right.count
                && right.allSatisfy { key, value in left[key].map { equals($0, expected: value) } ?? false }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { equals($0, expected: $1) }
        default:
            return sameScalar(actual, expected)
        }
    }

    /// Whether the recorded `actual` has every member `expected` writes, with equal values (see the type's notes).
    static func contains(_ actual: JSONValue, expected: JSONValue) -> Bool {
        if let error = ErrorCase(actual), error.isWritten(as: expected) { return true }
        switch (actual, expected) {
        case (.object(let left), .object(let right)):
            return right.allSatisfy { key, value in left[key].map { contains($0, expected: value) } ?? false }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { contains($0, expected: $1) }
        default:
            return sameScalar(actual, expected)
        }
    }

    private static func sameScalar(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.integer(let integer), .double(let double)), (.double(let double), .integer(let integer)):
            return Double(exactly: integer) == double
        default:
            return lhs == rhs
        }
    }

    /// A recorded enum error (`{"$error": "InboxError", "case": "server", "value": …}`).
    private struct ErrorCase {
        let name: String
        let payload: JSONValue?

        init?(_ value: JSONValue) {
            guard case .object(let object) = value, object["$error"] != nil, case .string(let name)? = object["case"]
            else { return nil }
            self.name = name
            payload = object["value"]
        }

        /// `"offline"` for a case without payload; `{"server": payload}` for a case with one.
        func isWritten(as expected: JSONValue) -> Bool {
            switch expected {
            case .string(let written):
                return written == name && payload == nil
            case .object(let object):
                guard object.count == 1, let member = object.members.first, member.key == name else { return false }
                guard let payload else { return member.value == .object(JSONObject()) }
                return ValueMatch.equals(payload, expected: member.value)
            default:
                return false
            }
        }
    }
}
