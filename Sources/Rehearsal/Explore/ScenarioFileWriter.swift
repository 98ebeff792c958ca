import ScenarioJSON

/// Writes a scenario as people write them: one top-level member per line, each mock response, step and property on
/// a line of its own.
///
/// ```
/// {
///   "viewModel": "RandomUser",
///   "mocks": {
///     "RandomUserService.fetchRandomPerson": [
///       {"after": "300ms", "return": {"$file": "Mocks/random-user/ada.json"}}
///     ]
///   },
///   "steps": [
///     {"at": "0ms", "send": "networkRandomUser"}
///   ]
/// }
/// ```
enum ScenarioFileWriter {
    /// The text of `scenario` (an object), ending with a newline.
    static func text(_ scenario: JSONObject) -> String {
        let inline = JSONWriter(style: .spaced)
        var lines = ["{"]
        for (position, member) in scenario.members.enumerated() {
            let comma = position == scenario.count - 1 ? "" : ","
            let key = JSONWriter.quoted(member.key)
            switch (member.key, member.value) {
            case ("mocks", .object(let mocks)) where !mocks.isEmpty:
                lines.append("  \(key): {")
                for (index, entry) in mocks.members.enumerated() {
                    let entryComma = index == mocks.count - 1 ? "" : ","
                    lines += list(JSONWriter.quoted(entry.key), entry.value, indent: "    ", comma: entryComma)
                }
                lines.append("  }\(comma)")
            case ("steps", .array), ("properties", .array):
                lines += list(key, member.value, indent: "  ", comma: comma)
            default:
                lines.append("  \(key): \(inline.string(member.value))\(comma)")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `"key": [` then one element per line, then `]`.
    private static func list(_ key: String, _ value: JSONValue, indent: String, comma: String) -> [String] {
        guard case .array(let elements) = value, !elements.isEmpty else {
            return ["\(indent)\(key): \(JSONWriter(style: .spaced).string(value))\(comma)"]
        }
        var lines = ["\(indent)\(key): ["]
        for (index, element) in elements.enumerated() {
            let elementComma = index == elements.count - 1 ? "" : ","
            lines.append("\(indent)  \(JSONWriter(style: .spaced).string(element))\(elementComma)")
        }
        lines.append("\(indent)]\(comma)")
        return lines
    }
}
