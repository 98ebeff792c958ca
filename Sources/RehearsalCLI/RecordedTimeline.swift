import Rehearsal
import ScenarioJSON
import VirtualTime

/// A run's timeline as workers send it and the JSON results keep it: every event with its virtual time, its cause
/// and, for a mock answer, the call it answers — what the HTML report and the trace draw. Goldens leave the causes
/// and call links out; this keeps them.
///
/// It travels through ``JSONValueEncoder``/``JSONValueDecoder``, which keep the order of an event's members.
struct RecordedTimeline: Codable, Equatable, Sendable {
    /// One event.
    struct Event: Codable, Equatable, Sendable {
        /// Virtual nanoseconds since the start of the scenario.
        var at: UInt64
        /// The event's position in the timeline.
        var seq: Int
        /// What the event is attributed to (`setup`, `step 2`, `teardown`).
        var cause: WorkCause?
        /// For a mock response or cancellation, the `seq` of its call.
        var answering: Int?
        /// The members after `at` and `seq`, as the golden writes them (`{"output": "items", "value": […]}`).
        var body: JSONValue
    }

    /// The events in the order they happened.
    var events: [Event]

    /// The recording of `timeline`.
    init(_ timeline: Timeline) {
        events = timeline.events.map {
            Event(
                at: UInt64(clamping: $0.at.nanoseconds), seq: $0.seq, cause: $0.cause, answering: $0.answering,
                body: .object($0.body))
        }
    }
}
