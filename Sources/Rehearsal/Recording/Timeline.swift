import ScenarioJSON
import VirtualTime

/// What a scenario run produced: every input, mock call, response, cancellation, output, route and state change,
/// in order, each with its virtual time.
///
/// Its canonical text is the golden file format (``TimelineFormat/current``, version 2): one event per line,
/// members in a fixed order, so that equal timelines are byte-identical and a PR diff shows exactly which events
/// changed. The order of events is the order of their lines; events with the same `at` happened at the same
/// virtual instant, in that order (an instant's events are one ``instants`` group):
/// ```
/// {"version": 2, "scenario": "contributors/load-and-paginate", "events": [
///   {"at": "0ms", "input": "load"},
///   {"at": "0ms", "call": "StoreRepository.fetchContributors", "args": {"storeId": 42, "cursor": null}}
/// ]}
/// ```
/// Nothing in a line depends on the events before it, so inserting or removing k events changes k lines (and the
/// comma of the line before the last event, when the new event comes last).
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

    /// The timeline as one JSON value in the current golden format: `{"version": 2, "scenario": …, "events": […]}`.
    public var json: JSONValue {
        var object = JSONObject()
        object["version"] = .integer(Int64(TimelineFormat.current.rawValue))
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

    /// The events grouped by virtual instant: each range holds the consecutive events with the same `at`, in
    /// timeline order. Two timelines that differ only in the order of events inside such groups differ only in
    /// how the work of one instant was interleaved.
    ///
    /// ```swift
    /// timeline.instants   // [0..<2, 2..<5, 5..<6]: two events at 0ms, three at 300ms, one at 1s
    /// ```
    /// - Complexity: O(n) in the number of events.
    public var instants: [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = 0
        for index in events.indices.dropFirst() where events[index].at != events[index - 1].at {
            groups.append(start..<index)
            start = index
        }
        if !events.isEmpty { groups.append(start..<events.count) }
        return groups
    }
}

/// One timeline event: `at` first, then what happened.
public struct TimelineEvent: Equatable, Sendable {
    /// The virtual instant: the time elapsed since the start of the scenario.
    public var at: ScenarioDuration
    /// The event's position in the timeline, from 0. Reports and answers (`answering`) refer to events by it; the
    /// golden file (format 2) does not write it: the order of its lines is the order.
    public var seq: Int
    /// The members after `at`, e.g. `"output": "items", "value": [...]`.
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

    /// The event as the golden file (format 2) writes it: `at`, then the body.
    public var json: JSONObject {
        var object = JSONObject()
        object["at"] = .string(at.description)
        for (key, value) in body { object[key] = value }
        return object
    }

    /// What kind of event this is: the first member after `at` (`input`, `call`, `output`, …).
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
