import ScenarioJSON

extension Timeline {
    /// Parses a golden timeline file (the format ``canonicalText`` writes) back into a timeline.
    ///
    /// Events get their bodies as written and no `cause` (causes are not part of a golden). Every problem
    /// is a `JSONError` located in the file:
    /// ```
    /// Scenarios/a.timeline.json:3:10: error: expected "seq": 1 for event 1, found 2
    /// ```
    /// - Throws: `JSONError`.
    public init(goldenBytes bytes: [UInt8], path: String? = nil) throws(JSONError) {
        let document: JSONDocument
        do {
            document = try JSONParser().parse(bytes: bytes, path: path)
        } catch let error as JSONError {
            throw error
        } catch {
            throw JSONError(message: "\(error)", path: path)
        }
        let hint = "fix the file, or re-record it with --record all"
        guard case .object(let root) = document.root else {
            throw document.error(
                at: .root,
                "expected a golden timeline {\"scenario\": …, \"events\": […]}, found "
                    + document.root.kindDescription, hint: hint)
        }
        for key in root.keys where key != "scenario" && key != "events" {
            throw document.error(
                at: JSONPointer.root.appending(key), "unknown key '\(key)' in a golden timeline",
                hint: "a golden timeline has only \"scenario\" and \"events\"")
        }
        guard case .string(let scenario)? = root["scenario"] else {
            throw document.error(
                at: JSONPointer.root.appending("scenario"),
                "expected the scenario name as a string for 'scenario', found " + Self.found(root["scenario"]),
                hint: hint)
        }
        guard case .array(let elements)? = root["events"] else {
            throw document.error(
                at: JSONPointer.root.appending("events"),
                "expected an array of events for 'events', found " + Self.found(root["events"]), hint: hint)
        }
        var events: [TimelineEvent] = []
        events.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let event = try Self.event(element, index: index, document: document, hint: hint)
            if let previous = events.last, event.at < previous.at {
                throw document.error(
                    at: JSONPointer.root.appending("events").appending(index).appending("at"),
                    "'at' goes back in time: \(event.at) is before the previous event's \(previous.at)", hint: hint)
            }
            events.append(event)
        }
        self.init(scenario: scenario, events: events)
    }

    private static func event(
        _ element: JSONValue, index: Int, document: JSONDocument, hint: String
    ) throws(JSONError) -> TimelineEvent {
        let pointer = JSONPointer.root.appending("events").appending(index)
        guard case .object(let object) = element else {
            throw document.error(at: pointer, "expected an event object, found \(element.kindDescription)", hint: hint)
        }
        guard case .string(let atText)? = object["at"] else {
            throw document.error(
                at: pointer.appending("at"), "expected a duration string for 'at', found " + found(object["at"]),
                hint: hint)
        }
        let at: ScenarioDuration
        do {
            at = try ScenarioDuration(parsing: atText)
        } catch let error as JSONError {
            throw document.error(at: pointer.appending("at"), error.message, hint: error.hint)
        } catch {
            throw document.error(at: pointer.appending("at"), "\(error)")
        }
        guard object["seq"] == .integer(Int64(index)) else {
            throw document.error(
                at: pointer.appending("seq"),
                "expected \"seq\": \(index) for event \(index), found "
                    + found(object["seq"]), hint: "number the events 0, 1, 2… in file order, or re-record it")
        }
        var body = JSONObject()
        for (key, value) in object where key != "at" && key != "seq" { body[key] = value }
        guard !body.isEmpty else {
            throw document.error(
                at: pointer, "expected what happened after 'at' and 'seq' (e.g. \"output\": …), found nothing",
                hint: hint)
        }
        return TimelineEvent(at: at, seq: index, body: body, cause: nil)
    }

    private static func found(_ value: JSONValue?) -> String {
        value.map { $0.kindDescription } ?? "nothing"
    }
}
