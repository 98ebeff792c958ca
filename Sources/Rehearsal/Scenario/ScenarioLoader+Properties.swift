import ScenarioJSON

extension ScenarioLoader {
    /// The keys of a property, in the order docs/scenario-format.md documents them.
    static let propertyKeys = [
        "description", "final", "never", "each", "count", "golden", "equals", "length", "atLeast", "atMost", "after",
    ]
    /// The keys of an event pattern: one kind, then optional `value` or `length`.
    static let patternKeys =
        EventPattern.Kind.allCases.filter { $0 != .outputOrState }.map(\.rawValue) + ["value", "length"]
    /// The rule keys: exactly one per property.
    static let ruleKeys = ["final", "never", "each", "count", "golden"]

    /// Reads `"properties"`: an array of property objects.
    static func readProperties(_ scenario: JSONObject, _ reader: inout ScenarioReader) -> [ScenarioProperty] {
        let pointer = JSONPointer.root.appending("properties")
        guard let value = scenario["properties"] else { return [] }
        guard case .array(let elements) = value else {
            reader.fail(
                pointer, "expected an array of properties for 'properties', found \(value.kindDescription)",
                hint: "write e.g. \"properties\": [{\"final\": \"isLoading\", \"equals\": false}]")
            return []
        }
        return elements.indices.compactMap { readProperty(at: pointer.appending($0), index: $0, &reader) }
    }

    private static func readProperty(
        at pointer: JSONPointer, index: Int, _ reader: inout ScenarioReader
    ) -> ScenarioProperty? {
        guard let object = reader.object(at: pointer, what: "a property", keys: propertyKeys) else { return nil }
        let description = reader.string(object, "description", at: pointer)
        let rules = ruleKeys.filter { object[$0] != nil }
        guard rules.count == 1, let rule = rules.first else {
            if rules.isEmpty, ScenarioReader.misspellsOne(of: ruleKeys, in: object, keys: propertyKeys) { return nil }
            reader.fail(
                pointer,
                rules.isEmpty
                    ? "a property needs one of 'final', 'never', 'each', 'count' and 'golden'"
                    : "a property takes one of 'final', 'never', 'each', 'count' and 'golden', found "
                        + rules.map { "'\($0)'" }.joined(separator: " and "),
                hint: rules.isEmpty
                    ? "add e.g. \"final\": \"isLoading\", \"equals\": false" : "split it into one property per rule")
            return nil
        }
        let allowed: [String: [String]] = [
            "final": ["equals", "length"], "never": ["after"], "each": ["after"],
            "count": ["equals", "atLeast", "atMost"],
            "golden": [],
        ]
        for key in ["equals", "length", "atLeast", "atMost", "after"] where object[key] != nil {
            if allowed[rule]?.contains(key) != true {
                reader.fail(
                    pointer.appending(key), "'\(key)' does not go with '\(rule)'",
                    hint: "'\(rule)' takes "
                        + (allowed[rule].map { $0.isEmpty ? "nothing else" : $0.joined(separator: ", ") } ?? ""))
            }
        }
        let parsed: ScenarioProperty.Rule?
        switch rule {
        case "final":
            parsed = readFinal(object, at: pointer, &reader)
        case "never":
            let after = object["after"] == nil ? nil : readPattern(at: pointer.appending("after"), &reader)
            parsed = readPattern(at: pointer.appending("never"), &reader).map { .never($0, after: after) }
        case "each":
            guard object["after"] != nil else {
                reader.fail(
                    pointer, "'each' needs 'after': the events that must come first",
                    hint: "add e.g. \"after\": {\"state\": \"person\", \"length\": 4}")
                return nil
            }
            let after = readPattern(at: pointer.appending("after"), &reader)
            parsed = readPattern(at: pointer.appending("each"), &reader).flatMap { each in
                after.map { .each(each, after: $0) }
            }
        case "count":
            parsed = readCount(object, at: pointer, &reader)
        default:
            guard object["golden"] == .string("sameInstantOrder") else {
                reader.fail(
                    pointer.appending("golden"), "expected \"sameInstantOrder\" for 'golden'",
                    hint: "write \"golden\": \"sameInstantOrder\": the timeline equals the golden up to the order of "
                        + "same-instant events")
                return nil
            }
            parsed = .goldenUpToSameInstantOrder
        }
        return parsed.map { ScenarioProperty(rule: $0, description: description, index: index, pointer: pointer) }
    }

    private static func readFinal(
        _ object: JSONObject, at pointer: JSONPointer, _ reader: inout ScenarioReader
    ) -> ScenarioProperty.Rule? {
        let pattern = readPattern(at: pointer.appending("final"), &reader)
        let expectation: ValueExpectation?
        switch (object["equals"], object["length"]) {
        case (let equals?, nil):
            expectation = readReference(equals, at: pointer.appending("equals"), &reader).map(ValueExpectation.equals)
        case (nil, .some):
            expectation = reader.count(object, "length", at: pointer).map(ValueExpectation.count)
        default:
            if object["equals"] == nil, object["length"] == nil,
                ScenarioReader.misspellsOne(of: ["equals", "length"], in: object, keys: propertyKeys)
            {
                return nil
            }
            reader.fail(
                pointer, "'final' needs one of 'equals' (the value) and 'length' (its number of elements)",
                hint: "add e.g. \"equals\": false")
            return nil
        }
        guard let pattern, let expectation else { return nil }
        return .final(pattern, expectation)
    }

    private static func readCount(
        _ object: JSONObject, at pointer: JSONPointer, _ reader: inout ScenarioReader
    ) -> ScenarioProperty.Rule? {
        let pattern = readPattern(at: pointer.appending("count"), &reader)
        let boundKeys = ["equals", "atLeast", "atMost"]
        let bounds = boundKeys.filter { object[$0] != nil }
        guard bounds.count == 1, let bound = bounds.first else {
            if bounds.isEmpty, ScenarioReader.misspellsOne(of: boundKeys, in: object, keys: propertyKeys) { return nil }
            reader.fail(
                pointer, "'count' needs one of 'equals', 'atLeast' and 'atMost'", hint: "add e.g. \"equals\": 1")
            return nil
        }
        guard let number = reader.count(object, bound, at: pointer), let pattern else { return nil }
        let expectation: CountExpectation =
            bound == "equals" ? .equals(number) : bound == "atLeast" ? .atLeast(number) : .atMost(number)
        return .count(pattern, expectation)
    }

    /// A pattern: a bare name (an output or a state), or `{"<kind>": name, "value": …}` / `{…, "length": n}`.
    private static func readPattern(at pointer: JSONPointer, _ reader: inout ScenarioReader) -> EventPattern? {
        guard let value = reader.document.root[pointer] else { return nil }
        if case .string(let name) = value { return EventPattern(kind: .outputOrState, name: name == "*" ? nil : name) }
        guard let object = reader.object(at: pointer, what: "an event pattern", keys: patternKeys) else { return nil }
        let kinds = EventPattern.Kind.allCases.filter { $0 != .outputOrState && object[$0.rawValue] != nil }
        guard kinds.count == 1, let kind = kinds.first else {
            if kinds.isEmpty,
                ScenarioReader.misspellsOne(
                    of: EventPattern.Kind.allCases.map(\.rawValue), in: object, keys: patternKeys)
            {
                return nil
            }
            reader.fail(
                pointer,
                kinds.isEmpty
                    ? "an event pattern needs one of 'output', 'state', 'route', 'callback', 'input', 'call', "
                        + "'response', 'cancelled', 'finished' and 'failed'"
                    : "an event pattern names one kind of event, found "
                        + kinds.map { "'\($0.rawValue)'" }.joined(separator: " and "),
                hint: "write e.g. {\"output\": \"results\"} (\"*\" matches any name)")
            return nil
        }
        guard let name = reader.string(object, kind.rawValue, at: pointer) else { return nil }
        var expectation: ValueExpectation?
        if let equals = object["value"] {
            if object["length"] != nil {
                reader.fail(
                    pointer, "an event pattern takes 'value' or 'length', not both", hint: "keep one of them")
            }
            expectation = readReference(equals, at: pointer.appending("value"), &reader).map(ValueExpectation.equals)
        } else if object["length"] != nil {
            expectation = reader.count(object, "length", at: pointer).map(ValueExpectation.count)
        }
        return EventPattern(kind: kind, name: name == "*" ? nil : name, value: expectation)
    }

    /// A literal, `{"$answer": "Type.method", "call": n}` or `{"$answers": "Type.method"}`.
    private static func readReference(
        _ value: JSONValue, at pointer: JSONPointer, _ reader: inout ScenarioReader
    ) -> ValueReference? {
        guard case .object(let object) = value, let first = object.keys.first, first.hasPrefix("$") else {
            return .literal(value)
        }
        switch first {
        case "$answer":
            _ = reader.object(at: pointer, what: "an answer reference", keys: ["$answer", "call"])
            guard let key = reader.string(object, "$answer", at: pointer) else { return nil }
            guard MockKey(key) != nil else {
                reader.fail(
                    pointer.appending("$answer"), "expected a mock key 'Type.method', found '\(key)'",
                    hint: "name the mocked method as its mock key, e.g. \"SearchRepository.search\"")
                return nil
            }
            var call = -1
            if object["call"] != nil {
                guard
                    let number = reader.wholeNumber(
                        object, "call", at: pointer, in: -Int64(Int32.max - 1)...Int64(Int32.max - 1),
                        hint: "count calls from 0, or from the end with -1 (the last call)")
                else { return nil }
                call = number
            }
            return .answer(key: key, call: call)
        case "$answers":
            _ = reader.object(at: pointer, what: "an answers reference", keys: ["$answers"])
            guard let key = reader.string(object, "$answers", at: pointer) else { return nil }
            guard MockKey(key) != nil else {
                reader.fail(
                    pointer.appending("$answers"), "expected a mock key 'Type.method', found '\(key)'",
                    hint: "name the mocked method as its mock key, e.g. \"SearchRepository.search\"")
                return nil
            }
            return .answers(key: key)
        default:
            reader.fail(
                pointer.appending(first), "unknown reference '\(first)'",
                hint: "use {\"$answer\": \"Type.method\"} or {\"$answers\": \"Type.method\"}, or a plain value")
            return nil
        }
    }
}

extension ScenarioReader {
    /// A whole number from 0 to 2,147,483,647 (a count's limit, stated in the error).
    mutating func count(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Int? {
        var hint = "write a whole number, e.g. 4"
        if case .string? = object[key] { hint = "write it as a number without quotes, e.g. 4" }
        return wholeNumber(object, key, at: pointer, in: 0...Int64(Int32.max), hint: hint)
    }
}
