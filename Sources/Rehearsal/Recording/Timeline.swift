import ScenarioJSON
import VirtualTime

/// What a scenario run produced: every input, mock call, response, cancellation, output, route and state change,
/// in order, each with its virtual time.
///
/// Its canonical text is the golden file format (``TimelineFormat/current``, version 3): one event per line,
/// members in a fixed order, so that equal timelines are byte-identical and a PR diff shows exactly which events
/// changed. The order of events is the order of their lines; events with the same `at` happened at the same
/// virtual instant, in that order (an instant's events are one ``instants`` group):
/// ```
/// {"version": 3, "scenario": "contributors/load-and-paginate", "events": [
///   {"at": "0.000s", "input": "load"},
///   {"at": "0.000s", "call": "StoreRepository.fetchContributors", "args": {"storeId": 42, "cursor": null}}
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

    /// The timeline as one JSON value in the current golden format: `{"version": 3, "scenario": …, "events": […]}`.
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
    /// timeline.instants   // [0..<2, 2..<5, 5..<6]: two events at 0.000s, three at 0.300s, one at 1.000s
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

extension Timeline: Codable {}
