import ScenarioJSON

extension ScenarioLoader {
    static let maskKeys = ValueMask.kinds.map(\.rawValue) + ["path", "as"]

    /// The `mask` member: `[{"output": "items", "path": "value[*].id", "as": "uuid"}, …]`, each entry checked and
    /// located (its event, its path's syntax, its shape).
    static func readMasks(_ scenario: JSONObject, _ reader: inout ScenarioReader) -> [ValueMask] {
        let pointer = JSONPointer.root.appending("mask")
        guard let value = scenario["mask"] else { return [] }
        guard case .array(let elements) = value else {
            reader.fail(
                pointer, "expected an array of masks for 'mask', found \(value.kindDescription)",
                hint: "write e.g. \"mask\": [{\"output\": \"items\", \"path\": \"value[*].id\", \"as\": \"uuid\"}]")
            return []
        }
        return elements.indices.compactMap { readMask(at: pointer.appending($0), &reader) }
    }

    private static func readMask(at pointer: JSONPointer, _ reader: inout ScenarioReader) -> ValueMask? {
        guard let object = reader.object(at: pointer, what: "a mask", keys: maskKeys) else { return nil }
        let kinds = ValueMask.kinds.filter { object[$0.rawValue] != nil }
        let kindList = ValueMask.kinds.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        guard kinds.count == 1, let kind = kinds.first else {
            if kinds.isEmpty,
                ScenarioReader.misspellsOne(of: ValueMask.kinds.map(\.rawValue), in: object, keys: maskKeys)
            {
                return nil
            }
            reader.fail(
                pointer,
                kinds.isEmpty
                    ? "a mask needs the event it is about: one of \(kindList)"
                    : "a mask is about one event, found \(kinds.map { "'\($0.rawValue)'" }.joined(separator: " and "))",
                hint: kinds.isEmpty
                    ? "add e.g. \"output\": \"items\" (the name the timeline shows after the kind)"
                    : "keep one of them; write one mask per event")
            return nil
        }
        let name = reader.string(object, kind.rawValue, at: pointer)
        let path = readPath(object, at: pointer, &reader)
        let shape = readShape(object, at: pointer, &reader)
        guard let name, let path, let shape else { return nil }
        return ValueMask(kind: kind, name: name, path: path, shape: shape, pointer: pointer)
    }

    private static func readPath(_ object: JSONObject, at pointer: JSONPointer, _ reader: inout ScenarioReader)
        -> ValuePath?
    {
        guard object["path"] != nil else {
            if misspelt("path", in: object) { return nil }
            reader.fail(
                pointer, "missing key 'path' in a mask",
                hint: "add \"path\": the values inside the event, e.g. \"value[*].id\" or \"args.requestId\"")
            return nil
        }
        guard let text = reader.string(object, "path", at: pointer) else { return nil }
        let path: ValuePath
        do {
            path = try ValuePath(parsing: text)
        } catch {
            reader.fail(
                pointer.appending("path"),
                "'path' \(JSONWriter.quoted(QuotedText.elided(text))) at character \(error.offset + 1): "
                    + error.message,
                hint: "write members with '.', elements with [n], every element with [*], e.g. \"value[*].id\"")
            return nil
        }
        if case .member("at")? = path.components.first {
            reader.fail(
                pointer.appending("path"), "a mask cannot mask 'at': an event's time is always compared",
                hint: "use \"compare\": \"order\" to ignore virtual times, or mask a value inside the event")
            return nil
        }
        return path
    }

    /// Whether `object` has an unknown key that is `key` misspelt (reported already, with "did you mean").
    private static func misspelt(_ key: String, in object: JSONObject) -> Bool {
        ScenarioReader.misspells(key, in: object, keys: maskKeys)
    }

    private static func readShape(_ object: JSONObject, at pointer: JSONPointer, _ reader: inout ScenarioReader)
        -> ValueShape?
    {
        let shapes = ValueShape.allCases.map(\.rawValue)
        guard object["as"] != nil else {
            if misspelt("as", in: object) { return nil }
            reader.fail(
                pointer, "missing key 'as' in a mask",
                hint: "add \"as\": the shape the value must have, one of \(shapes.joined(separator: ", "))")
            return nil
        }
        guard let text = reader.string(object, "as", at: pointer) else { return nil }
        guard let shape = ValueShape(rawValue: text) else {
            let list = shapes.joined(separator: ", ")
            reader.fail(
                pointer.appending("as"), "unknown shape '\(text)' for 'as'",
                hint: Suggestion.closest(to: text, in: shapes).map { "did you mean '\($0)'? Shapes: \(list)" }
                    ?? "use one of the shapes: \(list)")
            return nil
        }
        return shape
    }
}
