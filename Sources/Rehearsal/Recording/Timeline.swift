import ScenarioJSON
import VirtualTime

/// What a scenario run produced: every input, mock call, response, cancellation, output, route and state change,
/// in order, each with its virtual time and sequence number.
///
/// Its canonical text is the golden file format: one event per line, members in a fixed order, so that equal
/// timelines are byte-identical and a PR diff shows exactly which events changed:
/// ```
/// {"scenario": "contributors/load-and-paginate", "events": [
///   {"at": "0ms", "seq": 0, "input": "load"},
///   {"at": "0ms", "seq": 1, "call": "StoreRepository.fetchContributors", "args": {"storeId": 42, "cursor": null}}
/// ]}
/// ```
public struct Timeline: Equatable, Sendable {
    /// The scenario's identity (its path under the scenarios folder, without `.json`).
    public var scenario: String
    /// The events in the order they happened.
    public var events: [TimelineEvent]

    /// Creates a timeline.
    public init(scenario: String, events: [TimelineEvent]) {
        self.scenario = scenario
        self.events = events
    }

    /// The timeline as one JSON value: `{"scenario": …, "events": […]}`.
    public var json: JSONValue {
        var object = JSONObject()
        object["scenario"] = .string(scenario)
        object["events"] = .array(events.map { .object($0.json) })
        return .object(object)
    }

    /// The canonical golden text, ending with a newline.
    public var canonicalText: String {
        JSONWriter(style: .timeline(arrayKeys: ["events"])).string(json) + "\n"
    }

    /// Each event's canonical line, as the golden file shows it (without indentation or trailing comma).
    public var eventLines: [String] { events.map(\.line) }
}

/// One timeline event: `at` and `seq` first, then what happened.
public struct TimelineEvent: Equatable, Sendable {
    /// The virtual instant: the time elapsed since the start of the scenario.
    public var at: ScenarioDuration
    /// The event's position in the timeline, from 0.
    public var seq: Int
    /// The members after `at` and `seq`, e.g. `"output": "items", "value": [...]`.
    public var body: JSONObject
    /// The work the event is attributed to (`.setup`, `.step(2)`), for reports; not part of the golden, so `nil`
    /// for an event read from one.
    public var cause: WorkCause?
    /// For a mock response or cancellation: the `seq` of the call it answers (calls of one method can overlap),
    /// for reports; not part of the golden.
    public var answering: Int?

    /// Creates an event.
    public init(at: ScenarioDuration, seq: Int, body: JSONObject, cause: WorkCause?, answering: Int? = nil) {
        self.at = at
        self.seq = seq
        self.body = body
        self.cause = cause
        self.answering = answering
    }

    /// The event as the golden file writes it.
    public var json: JSONObject {
        var object = JSONObject()
        object["at"] = .string(at.description)
        object["seq"] = .integer(Int64(seq))
        for (key, value) in body { object[key] = value }
        return object
    }

    /// What kind of event this is: the first member after `at` and `seq` (`input`, `call`, `output`, …).
    public var kind: String { body.keys.first ?? "" }
}

extension TimelineEvent {
    /// The event's canonical line, as the golden file shows it (without indentation or trailing comma).
    public var line: String { JSONWriter(style: .spaced).string(.object(json)) }
}

extension TimelineEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case atNanoseconds, seq, body, cause, answering
    }

    /// Reads what ``encode(to:)`` writes:
    /// `{"atNanoseconds": 300000000, "seq": 2, "body": {…}, "cause": {"step": 0}, "answering": 1}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let body = try container.decode(JSONValue.self, forKey: .body)
        guard case .object(let members) = body else {
            throw DecodingError.dataCorruptedError(
                forKey: .body, in: container, debugDescription: "expected an object of event members")
        }
        self.init(
            at: ScenarioDuration(nanoseconds: try container.decode(Int64.self, forKey: .atNanoseconds)),
            seq: try container.decode(Int.self, forKey: .seq), body: members,
            cause: try container.decodeIfPresent(WorkCause.self, forKey: .cause),
            answering: try container.decodeIfPresent(Int.self, forKey: .answering))
    }

    /// Writes the instant as integer nanoseconds, the members in order, and the cause and the answered call
    /// when known.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(at.nanoseconds, forKey: .atNanoseconds)
        try container.encode(seq, forKey: .seq)
        try container.encode(JSONValue.object(body), forKey: .body)
        try container.encodeIfPresent(cause, forKey: .cause)
        try container.encodeIfPresent(answering, forKey: .answering)
    }
}

extension Timeline: Codable {}
