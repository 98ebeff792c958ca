import Foundation
import ScenarioJSON

/// A validator for the subset of JSON Schema (2020-12) that `Scenarios/scenario.schema.json` uses: `type`,
/// `properties`, `additionalProperties`, `required`, `propertyNames`, `items`, `$ref` to `#/$defs/…`, `const`,
/// `enum`, `pattern`, `minimum`, `anyOf`, `oneOf`, `not`, `dependentRequired`. Annotations are ignored.
/// Test-only: it exists to prove that the shipped schema and the scenario loader agree.
struct SchemaValidator {
    let root: JSONValue

    /// The JSON Pointers of the values that violate the schema (empty when valid).
    func violations(of value: JSONValue) -> [String] {
        var found: [String] = []
        check(value, against: root, at: "", into: &found)
        return found
    }

    private func check(_ value: JSONValue, against schema: JSONValue, at path: String, into found: inout [String]) {
        guard case .object(let rules) = schema else { return }
        if let reference = rules["$ref"]?.stringValue {
            let tokens = reference.dropFirst(2).split(separator: "/").map(String.init)
            if let target = root[JSONPointer(tokens)] { check(value, against: target, at: path, into: &found) }
        }
        if let type = rules["type"]?.stringValue, !Self.matches(value, type: type) {
            found.append("\(path): expected \(type)")
            return
        }
        if let constant = rules["const"], !Self.equal(constant, value) { found.append("\(path): expected const") }
        if let options = rules["enum"]?.arrayValue, !options.contains(where: { Self.equal($0, value) }) {
            found.append("\(path): expected one of enum")
        }
        if let pattern = rules["pattern"]?.stringValue, let text = value.stringValue, !Self.matches(text, pattern) {
            found.append("\(path): does not match \(pattern)")
        }
        if let minimum = rules["minimum"]?.doubleValue, let number = value.doubleValue, number < minimum {
            found.append("\(path): below minimum")
        }
        if case .object(let object) = value { checkObject(object, rules, at: path, into: &found) }
        if case .array(let elements) = value, let items = rules["items"] {
            for (index, element) in elements.enumerated() {
                check(element, against: items, at: "\(path)/\(index)", into: &found)
            }
        }
        if let anyOf = rules["anyOf"]?.arrayValue, !anyOf.contains(where: { isValid(value, $0, path) }) {
            found.append("\(path): matches none of anyOf")
        }
        if let oneOf = rules["oneOf"]?.arrayValue, oneOf.filter({ isValid(value, $0, path) }).count != 1 {
            found.append("\(path): does not match exactly one of oneOf")
        }
        if let not = rules["not"], isValid(value, not, path) { found.append("\(path): matches 'not'") }
    }

    private func checkObject(_ object: JSONObject, _ rules: JSONObject, at path: String, into found: inout [String]) {
        let properties = rules["properties"]?.objectValue ?? JSONObject()
        for name in rules["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[name] == nil {
            found.append("\(path): missing \(name)")
        }
        if let dependent = rules["dependentRequired"]?.objectValue {
            for (name, needs) in dependent where object[name] != nil {
                for need in needs.arrayValue?.compactMap(\.stringValue) ?? [] where object[need] == nil {
                    found.append("\(path): \(name) needs \(need)")
                }
            }
        }
        for (name, member) in object {
            let memberPath = "\(path)/\(name)"
            if let names = rules["propertyNames"] { check(.string(name), against: names, at: memberPath, into: &found) }
            if let schema = properties[name] {
                check(member, against: schema, at: memberPath, into: &found)
            } else if let additional = rules["additionalProperties"] {
                if additional == .bool(false) {
                    found.append("\(memberPath): not allowed")
                } else {
                    check(member, against: additional, at: memberPath, into: &found)
                }
            }
        }
    }

    private func isValid(_ value: JSONValue, _ schema: JSONValue, _ path: String) -> Bool {
        var found: [String] = []
        check(value, against: schema, at: path, into: &found)
        return found.isEmpty
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
            ("integer", .integer), ("number", .integer), ("number", .double):
            return true
        default:
            return false
        }
    }

    private static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        if let left = lhs.doubleValue, let right = rhs.doubleValue { return left == right }
        return lhs == rhs
    }

    private static func matches(_ text: String, _ pattern: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
