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
        matches(lhs, rhs, subset: false, caseNames: false)
    }

    /// Whether the recorded `actual` is the value a property writes as `expected` (see the type's notes).
    static func equals(_ actual: JSONValue, expected: JSONValue) -> Bool {
        matches(actual, expected, subset: false, caseNames: true)
    }

    /// Whether the recorded `actual` has every member `expected` writes, with equal values (see the type's notes).
    static func contains(_ actual: JSONValue, expected: JSONValue) -> Bool {
        matches(actual, expected, subset: true, caseNames: true)
    }

    /// Whether `actual` matches `expected`: with `subset`, objects need only the members `expected` has; with
    /// `caseNames`, an error may be written by its case.
    private static func matches(_ actual: JSONValue, _ expected: JSONValue, subset: Bool, caseNames: Bool) -> Bool {
        if caseNames, let error = ErrorCase(actual), error.isWritten(as: expected, subset: subset) { return true }
        switch (actual, expected) {
        case (.object(let left), .object(let right)):
            return (subset || left.count == right.count)
                && right.allSatisfy { key, value in
                    left[key].map { matches($0, value, subset: subset, caseNames: caseNames) } ?? false
                }
        case (.array(let left), .array(let right)):
            return left.count == right.count
                && zip(left, right).allSatisfy { matches($0, $1, subset: subset, caseNames: caseNames) }
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

        /// `"offline"` for a case without payload; `{"server": payload}` for a case with one (its payload matched as
        /// a `subset` or whole).
        func isWritten(as expected: JSONValue, subset: Bool) -> Bool {
            switch expected {
            case .string(let written):
                return written == name && payload == nil
            case .object(let object):
                guard object.count == 1, let member = object.members.first, member.key == name else { return false }
                guard let payload else { return member.value == .object(JSONObject()) }
                return ValueMatch.matches(payload, member.value, subset: subset, caseNames: true)
            default:
                return false
            }
        }
    }
}
