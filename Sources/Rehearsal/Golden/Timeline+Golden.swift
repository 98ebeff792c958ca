import ScenarioJSON

extension Timeline {
    /// Parses a golden timeline file, of any format Rehearsal reads (``TimelineFormat``), into a timeline.
    /// - Throws: `JSONError` located in the file (see ``GoldenFile/init(bytes:path:)``).
    public init(goldenBytes bytes: [UInt8], path: String? = nil) throws(JSONError) {
        self = try GoldenFile(bytes: bytes, path: path).timeline
    }
}

extension GoldenFile {
    /// Parses a golden timeline file: format 3 or 2 (`"version": 3`, order by line; format 3 writes every time in
    /// the one fixed form, but any duration text is read) or format 1 (no version, a `seq` per event).
    ///
    /// Events get their kinds as written (see ``TimelineEvent/Kind/init(members:)``) and no `cause`. Every problem is a `JSONError` located in the file:
    /// ```
    /// Scenarios/a.timeline.json:3:10: error: 'at' goes back in time: 1ms is before the previous event's 1s
    /// ```
    /// - Throws: `JSONError`.
    public init(bytes: [UInt8], path: String? = nil) throws(JSONError) {
        let document = try JSONParser().parse(bytes: bytes, path: path)
        let reader = GoldenReader(document: document)
        let (format, root) = try reader.root()
        guard case .string(let scenario)? = root["scenario"] else {
            throw document.error(
                at: JSONPointer.root.appending("scenario"),
                "expected the scenario name as a string for 'scenario', found " + GoldenReader.found(root["scenario"]),
                hint: GoldenReader.hint)
        }
        let events = try reader.events(root, format: format)
        self.init(timeline: Timeline(scenario: scenario, events: events), format: format)
    }
}

/// Reads the members of a parsed golden file, throwing located errors.
private struct GoldenReader {
    static let hint = "fix the file, or re-record it with --record all"
    let document: JSONDocument

    /// The root object and the format its `version` names.
    func root() throws(JSONError) -> (TimelineFormat, JSONObject) {
        guard case .object(let root) = document.root else {
            throw document.error(
                at: .root,
                "expected a golden timeline {\"version\": 3, \"scenario\": …, \"events\": […]}, found "
                    + document.root.kindDescription, hint: Self.hint)
        }
        let format: TimelineFormat
        switch root["version"] {
        case nil: format = .v1
        case .integer(let number)? where TimelineFormat(rawValue: Int(clamping: number)) != nil:
            format = TimelineFormat(rawValue: Int(clamping: number)) ?? .v1
        case let other?:
            throw document.error(
                at: JSONPointer.root.appending("version"),
                "unsupported timeline format version \(JSONWriter(style: .compact).string(other))",
                hint: "this Rehearsal reads formats \(TimelineFormat.readable): re-record the golden with --record all")
        }
        let keys = ["version", "scenario", "events"]
        for key in root.keys where !keys.contains(key) {
            throw document.error(
                at: JSONPointer.root.appending(key), "unknown key '\(key)' in a golden timeline",
                hint: "a golden timeline has only \"version\", \"scenario\" and \"events\"")
        }
        return (format, root)
    }

    func events(_ root: JSONObject, format: TimelineFormat) throws(JSONError) -> [TimelineEvent] {
        guard case .array(let elements)? = root["events"] else {
            throw document.error(
                at: JSONPointer.root.appending("events"),
                "expected an array of events for 'events', found " + Self.found(root["events"]), hint: Self.hint)
        }
        var events: [TimelineEvent] = []
        events.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let event = try self.event(element, index: index, format: format)
            if let previous = events.last, event.at < previous.at {
                throw document.error(
                    at: JSONPointer.root.appending("events").appending(index).appending("at"),
                    "'at' goes back in time: \(event.at) is before the previous event's \(previous.at)",
                    hint: Self.hint)
            }
            events.append(event)
        }
        return events
    }

    private func event(_ element: JSONValue, index: Int, format: TimelineFormat) throws(JSONError) -> TimelineEvent {
        let pointer = JSONPointer.root.appending("events").appending(index)
        guard case .object(let object) = element else {
            throw document.error(
                at: pointer, "expected an event object, found \(element.kindDescription)", hint: Self.hint)
        }
        guard case .string(let atText)? = object["at"] else {
            throw document.error(
                at: pointer.appending("at"), "expected a duration string for 'at', found " + Self.found(object["at"]),
                hint: Self.hint)
        }
        let at: ScenarioDuration
        do throws(TextValueError) {
            at = try ScenarioDuration(parsing: atText)
        } catch {
            throw document.error(at: pointer.appending("at"), error.message, hint: error.hint)
        }
        switch format {
        case .v1:
            guard object["seq"] == .integer(Int64(index)) else {
                throw document.error(
                    at: pointer.appending("seq"),
                    "expected \"seq\": \(index) for event \(index), found " + Self.found(object["seq"]),
                    hint: "number the events 0, 1, 2… in file order, or re-record it")
            }
        case .v2, .v3:
            if object["seq"] != nil {
                throw document.error(
                    at: pointer.appending("seq"),
                    "timeline format \(format.rawValue) has no 'seq': the order of the lines is the order",
                    hint:
                        "remove \"seq\" (or the file's \"version\": \(format.rawValue) if it is a format 1 file, then "
                        + "migrate it with the 'migrate' command)")
            }
        }
        var members = JSONObject()
        for (key, value) in object where key != "at" && !(format == .v1 && key == "seq") { members[key] = value }
        guard !members.isEmpty else {
            let after = format == .v1 ? "'at' and 'seq'" : "'at'"
            throw document.error(
                at: pointer, "expected what happened after \(after) (e.g. \"output\": …), found nothing",
                hint: Self.hint)
        }
        do {
            return TimelineEvent(at: at, seq: index, kind: try TimelineEvent.Kind(members: members), cause: nil)
        } catch {
            throw document.error(
                at: error.member.map { pointer.appending($0) } ?? pointer, error.message, hint: error.hint)
        }
    }

    static func found(_ value: JSONValue?) -> String {
        value.map { $0.kindDescription } ?? "nothing"
    }
}
