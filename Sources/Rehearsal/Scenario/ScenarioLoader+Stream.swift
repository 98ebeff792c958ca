import ScenarioJSON

extension ScenarioLoader {
    /// The keys of a stream element, in the order docs/scenario-format.md documents them.
    static let streamElementKeys = ["after", "yield", "throw", "finish", "never"]

    /// Reads a response's `"stream"`: an array of elements, each with an optional `after` (after the previous
    /// element; the first after the call) and exactly one of `yield`, `throw`, `"finish": true` and
    /// `"never": true`. Only the last element may end the stream (`throw`, `finish`, `never`).
    static func readStream(
        _ response: JSONObject, at pointer: JSONPointer, _ reader: inout ScenarioReader
    ) -> [StreamElement] {
        let streamPointer = pointer.appending("stream")
        if response["after"] != nil {
            reader.fail(
                pointer.appending("after"), "a 'stream' response times each element with its own 'after'",
                hint: "move \"after\" into the first element of 'stream'")
        }
        guard let value = response["stream"] else { return [] }
        guard case .array(let elements) = value else {
            reader.fail(
                streamPointer, "expected an array of stream elements for 'stream', found \(value.kindDescription)",
                hint: "write e.g. \"stream\": [{\"after\": \"100ms\", \"yield\": …}, {\"after\": \"1s\", \"yield\": …}]"
            )
            return []
        }
        var stream: [StreamElement] = []
        for index in elements.indices {
            let elementPointer = streamPointer.appending(index)
            guard let object = reader.object(at: elementPointer, what: "a stream element", keys: streamElementKeys)
            else { continue }
            let after = reader.duration(object, "after", at: elementPointer) ?? .zero
            let eventKeys = ["yield", "throw", "finish", "never"]
            let events = eventKeys.filter { object[$0] != nil }
            guard events.count == 1, let name = events.first else {
                if events.isEmpty,
                    ScenarioReader.misspellsOne(of: eventKeys, in: object, keys: streamElementKeys)
                {
                    continue
                }
                reader.fail(
                    elementPointer,
                    events.isEmpty
                        ? "a stream element needs 'yield', 'throw', 'finish' or 'never'"
                        : "a stream element takes one of 'yield', 'throw', 'finish' and 'never', found "
                            + events.map { "'\($0)'" }.joined(separator: " and "),
                    hint: events.isEmpty
                        ? "add \"yield\": <value> for the element the stream produces" : "keep one of them")
                continue
            }
            let event: StreamElement.Event
            switch name {
            case "yield": event = .value(object["yield"] ?? .null)
            case "throw": event = .error(object["throw"] ?? .null)
            default:
                guard object[name] == .bool(true) else {
                    reader.fail(
                        elementPointer.appending(name),
                        "expected true for '\(name)', found \(object[name]?.kindDescription ?? "nothing")",
                        hint: "write \"\(name)\": true, or remove the element")
                    continue
                }
                event = name == "finish" ? .finished : .never
            }
            if name != "yield", index != elements.count - 1 {
                let after = elements.count - 1 - index
                reader.fail(
                    elementPointer.appending(name),
                    "'\(name)' ends the stream, so it must be the last element "
                        + (after == 1 ? "(1 element follows)" : "(\(after) elements follow)"),
                    hint: "remove the elements after it, or move it to the end")
            }
            stream.append(StreamElement(after: after, event: event, pointer: elementPointer))
        }
        return stream
    }
}
