import ScenarioJSON

/// Reads typed members out of a scenario document, collecting every problem as a located diagnostic instead
/// of stopping at the first.
struct ScenarioReader {
    let document: JSONDocument
    private(set) var diagnostics: [Diagnostic] = []

    init(document: JSONDocument) {
        self.document = document
    }

    mutating func fail(_ pointer: JSONPointer, _ message: String, hint: String, atKey: Bool = false) {
        diagnostics.append(document.diagnostic(at: pointer, message, hint: hint, atKey: atKey))
    }

    /// The object at `pointer`, after reporting its unknown keys (with "did you mean") against `keys`
    /// (`nil` accepts any key).
    mutating func object(at pointer: JSONPointer, what: String, keys: [String]?) -> JSONObject? {
        guard let value = document.root[pointer] else { return nil }
        guard case .object(let object) = value else {
            fail(
                pointer, "expected an object for \(what), found \(value.kindDescription)",
                hint: "write \(what) as an object: { \"key\": value, … }")
            return nil
        }
        guard let keys else { return object }
        for key in object.keys where !keys.contains(key) {
            let list = keys.joined(separator: ", ")
            let hint =
                Suggestion.closest(to: key, in: keys).map { "did you mean '\($0)'? Keys: \(list)" }
                ?? "remove it; keys of \(what): \(list)"
            diagnostics.append(
                document.diagnostic(
                    at: pointer.appending(key), "unknown key '\(key)' in \(what)", hint: hint, atKey: true))
        }
        return object
    }

    /// Whether `object` has an unknown key that is `key` misspelt: reported already by ``object(at:what:keys:)``
    /// (with "did you mean"), so a missing `key` is not a second problem.
    static func misspells(_ key: String, in object: JSONObject, keys: [String]) -> Bool {
        misspellsOne(of: [key], in: object, keys: keys)
    }

    /// The value of the unknown key of `object` that is `key` misspelt, if any.
    static func misspelt(_ key: String, in object: JSONObject, keys: [String]) -> JSONValue? {
        object.members.first { !keys.contains($0.key) && Suggestion.closest(to: $0.key, in: keys) == key }?.value
    }

    /// Whether an unknown key of `object` is one of `wanted` misspelt (the problem "needs one of `wanted`" is
    /// then that misspelling, reported already).
    static func misspellsOne(of wanted: [String], in object: JSONObject, keys: [String]) -> Bool {
        object.keys.contains { key in
            !keys.contains(key) && Suggestion.closest(to: key, in: keys).map(wanted.contains) == true
        }
    }

    mutating func string(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value else {
            fail(
                pointer.appending(key), "expected a string for '\(key)', found \(value.kindDescription)",
                hint: "write it in double quotes, e.g. \"\(key)\": \"…\"")
            return nil
        }
        return text
    }

    mutating func bool(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let flag) = value else {
            fail(
                pointer.appending(key), "expected true or false for '\(key)', found \(value.kindDescription)",
                hint: "write \"\(key)\": true or \"\(key)\": false, without quotes")
            return nil
        }
        return flag
    }

    mutating func positiveInteger(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Int? {
        wholeNumber(
            object, key, at: pointer, in: 1...Int64(Int32.max),
            hint: "write a count such as \"\(key)\": 2, or \"repeat\": true for every call")
    }

    /// The whole number at `key`, when it is one in `range`; otherwise a located error stating the range (the real
    /// limits), with a hint naming the limit a number passed (`write 2147483647 or less`, `write 0 or more`), or
    /// `hint`.
    mutating func wholeNumber(
        _ object: JSONObject, _ key: String, at pointer: JSONPointer, in range: ClosedRange<Int64>, hint: String
    ) -> Int? {
        guard let value = object[key] else { return nil }
        if case .integer(let number) = value, range.contains(number) { return Int(number) }
        let fix: String
        switch value {
        case .integer(let number) where number > range.upperBound: fix = "write \(range.upperBound) or less"
        case .integer where range.lowerBound == 0: fix = "write 0 or more"
        default: fix = hint
        }
        fail(
            pointer.appending(key),
            "expected a whole number from \(range.lowerBound) to \(range.upperBound) for '\(key)', found "
                + value.kindDescription,
            hint: fix)
        return nil
    }

    mutating func duration(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> ScenarioDuration? {
        guard let value = object[key] else { return nil }
        let location = pointer.appending(key)
        guard case .string(let text) = value else {
            fail(
                location, "expected a duration string for '\(key)', found \(value.kindDescription)",
                hint: "write it with a unit, e.g. \"250ms\" or \"1.5s\"")
            return nil
        }
        do throws(TextValueError) {
            return try ScenarioDuration(parsing: text)
        } catch {
            fail(location, "'\(key)': \(error.message)", hint: error.hint)
        }
        return nil
    }
}
