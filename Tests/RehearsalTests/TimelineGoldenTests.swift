import ScenarioJSON
import Testing
import VirtualTime

@testable import Rehearsal

/// An event at `milliseconds` with the members of `body` (a JSON object text).
func event(_ milliseconds: Int64, _ seq: Int, _ body: String, cause: WorkCause? = nil) throws -> TimelineEvent {
    guard case .object(let object) = try JSONParser().parseValue(body) else {
        throw JSONError(message: "not an object")
    }
    return TimelineEvent(at: .milliseconds(milliseconds), seq: seq, body: object, cause: cause)
}

@Suite struct TimelineGoldenTests {
    @Test func canonicalTextParsesBackToTheSameTimeline() throws {
        let timeline = Timeline(
            scenario: "people/load",
            events: [
                try event(0, 0, #"{"input": "load", "value": 1}"#, cause: .step(0)),
                try event(1500, 1, #"{"output": "people", "value": [{"id": 1, "name": "Kim"}, 2.5, null]}"#),
            ])
        let parsed = try Timeline(
            goldenBytes: Array(timeline.canonicalText.utf8), path: "Scenarios/people/load.timeline.json")
        var expected = timeline
        expected.events[0].cause = nil
        #expect(parsed == expected)
        #expect(parsed.canonicalText == timeline.canonicalText)
    }

    @Test(arguments: [
        (
            "[]",
            """
            Scenarios/a.timeline.json:1:1: error: expected a golden timeline {"scenario": …, "events": […]}, found an array
            []
            ^
              hint: fix the file, or re-record it with --record all
            """
        ),
        (
            #"{"scenario": "a", "events": [{"at": "0ms", "seq": 0, "input": "load"}], "extra": 1}"#,
            """
            Scenarios/a.timeline.json:1:82: error: unknown key 'extra' in a golden timeline
            {"scenario": "a", "events": [{"at": "0ms", "seq": 0, "input": "load"}], "extra": 1}
                                                                                             ^
              hint: a golden timeline has only "scenario" and "events"
            """
        ),
        (
            "{\"scenario\": \"a\", \"events\": [\n  {\"at\": \"0ms\", \"seq\": 0, \"input\": \"load\"},\n"
                + "  {\"at\": \"5 ms\", \"seq\": 1, \"input\": \"load\"}\n]}\n",
            """
            Scenarios/a.timeline.json:3:10: error: expected one of the units ns, us, ms, s, m, h, found "5 ms"
              {"at": "5 ms", "seq": 1, "input": "load"}
                     ^
              hint: use one of the units ns, us, ms, s, m, h, e.g. "5ms"
            """
        ),
        (
            "{\"scenario\": \"a\", \"events\": [\n  {\"at\": \"0ms\", \"seq\": 0, \"input\": \"load\"},\n"
                + "  {\"at\": \"1ms\", \"seq\": 2, \"input\": \"load\"}\n]}\n",
            """
            Scenarios/a.timeline.json:3:24: error: expected "seq": 1 for event 1, found the integer 2
              {"at": "1ms", "seq": 2, "input": "load"}
                                   ^
              hint: number the events 0, 1, 2… in file order, or re-record it
            """
        ),
        (
            "{\"scenario\": \"a\", \"events\": [\n  {\"at\": \"1s\", \"seq\": 0, \"input\": \"load\"},\n"
                + "  {\"at\": \"1ms\", \"seq\": 1}\n]}\n",
            """
            Scenarios/a.timeline.json:3:3: error: expected what happened after 'at' and 'seq' (e.g. "output": …), found nothing
              {"at": "1ms", "seq": 1}
              ^
              hint: fix the file, or re-record it with --record all
            """
        ),
        (
            "{\"scenario\": \"a\", \"events\": [\n  {\"at\": \"1s\", \"seq\": 0, \"input\": \"load\"},\n"
                + "  {\"at\": \"1ms\", \"seq\": 1, \"input\": \"load\"}\n]}\n",
            """
            Scenarios/a.timeline.json:3:10: error: 'at' goes back in time: 1ms is before the previous event's 1s
              {"at": "1ms", "seq": 1, "input": "load"}
                     ^
              hint: fix the file, or re-record it with --record all
            """
        ),
        (
            #"{"scenario": "a", "events": [}"#,
            """
            Scenarios/a.timeline.json:1:30: error: expected a value, found '}'
            {"scenario": "a", "events": [}
                                         ^
              hint: write a value: an object, array, string, number, true, false or null
            """
        ),
    ])
    func badGoldensGiveLocatedErrors(text: String, expected: String) {
        let error = #expect(throws: JSONError.self) {
            try Timeline(goldenBytes: Array(text.utf8), path: "Scenarios/a.timeline.json")
        }
        #expect(error?.description == expected)
    }
}
