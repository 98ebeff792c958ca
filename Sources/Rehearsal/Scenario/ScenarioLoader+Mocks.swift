import ScenarioJSON

extension ScenarioLoader {
    /// The `mocks` member: each key's responses, in file order.
    static func readMocks(_ scenario: JSONObject, _ reader: inout ScenarioReader) -> [MockScriptEntry] {
        let pointer = JSONPointer.root.appending("mocks")
        guard scenario["mocks"] != nil,
            let mocks = reader.object(at: pointer, what: "'mocks'", keys: nil)
        else { return [] }
        var entries: [MockScriptEntry] = []
        for (key, value) in mocks {
            let keyPointer = pointer.appending(key)
            guard let parsed = MockKey(key) else {
                reader.fail(
                    keyPointer, "expected a mock key 'Type.method', found '\(key)'",
                    hint: "name the protocol and the method, e.g. 'StoreRepository.fetchContributors' (an overload by "
                        + "its full name, e.g. 'DateProvider.transform(date:)')", atKey: true)
                continue
            }
            guard case .array(let elements) = value else {
                reader.fail(
                    keyPointer, "expected an array of responses for '\(key)', found \(value.kindDescription)",
                    hint: value.objectValue != nil
                        ? "wrap the response in [ ]" : "write the responses as [{\"return\": …}, …]")
                continue
            }
            var responses: [MockResponse] = []
            for index in elements.indices {
                if let response = readResponse(at: keyPointer.appending(index), &reader) {
                    responses.append(response)
                }
            }
            entries.append(MockScriptEntry(key: key, parsed: parsed, responses: responses, pointer: keyPointer))
        }
        return entries
    }

    private static func readResponse(at pointer: JSONPointer, _ reader: inout ScenarioReader) -> MockResponse? {
        guard let object = reader.object(at: pointer, what: "a mock response", keys: responseKeys) else { return nil }
        let after = reader.duration(object, "after", at: pointer) ?? .zero
        let outcomeKeys = ["return", "throw", "never", "stream"]
        let outcomes = outcomeKeys.filter { object[$0] != nil }
        if outcomes.isEmpty, ScenarioReader.misspellsOne(of: outcomeKeys, in: object, keys: responseKeys) {
            return nil
        }
        if outcomes.count != 1 {
            reader.fail(
                pointer,
                outcomes.isEmpty
                    ? "a mock response needs 'return', 'throw', 'never' or 'stream'"
                    : "a mock response takes one of 'return', 'throw', 'never' and 'stream', found \(outcomes.map { "'\($0)'" }.joined(separator: " and "))",
                hint: outcomes.isEmpty ? "add \"return\": <value> for the answer the call gets" : "keep one of them")
        }
        if let never = object["never"], never != .bool(true) {
            reader.fail(
                pointer.appending("never"), "expected true for 'never', found \(never.kindDescription)",
                hint: "write \"never\": true, or remove it")
        }
        var when: JSONObject?
        if let value = object["when"] {
            if case .object(let arguments) = value {
                when = arguments
            } else {
                reader.fail(
                    pointer.appending("when"),
                    "expected an object of argument values for 'when', found \(value.kindDescription)",
                    hint: "write e.g. \"when\": {\"cursor\": null}")
            }
        }
        let times = reader.positiveInteger(object, "times", at: pointer)
        let repeats = reader.bool(object, "repeat", at: pointer) ?? false
        if object["times"] != nil && repeats {
            reader.fail(
                pointer, "a mock response takes 'times' or 'repeat', not both",
                hint: "keep 'times' for a fixed count or \"repeat\": true for every call")
        }
        let outcome: MockResponse.Outcome
        if let value = object["return"] {
            outcome = .value(value)
        } else if let value = object["throw"] {
            outcome = .error(value)
        } else if object["stream"] != nil {
            outcome = .stream(readStream(object, at: pointer, &reader))
        } else {
            outcome = .never
        }
        return MockResponse(
            after: after, outcome: outcome, when: when, times: repeats ? nil : (times ?? 1),
            jitter: reader.duration(object, "jitter", at: pointer), pointer: pointer,
            delivery: readDelivery(object, at: pointer, &reader))
    }

    /// `"deliver": "main"` or `"background"`: where an answer that comes later is delivered.
    private static func readDelivery(
        _ object: JSONObject, at pointer: JSONPointer, _ reader: inout ScenarioReader
    ) -> MockDelivery? {
        guard let value = object["deliver"] else { return nil }
        let names = [MockDelivery.main, .background].map(\.rawValue)
        guard case .string(let name) = value, names.contains(name), let delivery = MockDelivery(rawValue: name) else {
            let found = value.stringValue.map { "'\($0)'" } ?? value.kindDescription
            let suggestion = value.stringValue.flatMap { Suggestion.closest(to: $0, in: names) }
            reader.fail(
                pointer.appending("deliver"), "expected \"main\" or \"background\" for 'deliver', found \(found)",
                hint: suggestion.map { "did you mean \"\($0)\"?" }
                    ?? "write \"deliver\": \"background\" for a service that answers off the main thread")
            return nil
        }
        return delivery
    }
}
