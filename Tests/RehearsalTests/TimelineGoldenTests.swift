import ScenarioJSON
import Testing
import VirtualTime

@testable import Rehearsal

/// An event at `milliseconds` whose kind the members of `body` (a JSON object text) write, as a golden line does.
func event(_ milliseconds: Int64, _ seq: Int, _ body: String, cause: WorkCause? = nil) throws -> TimelineEvent {
    guard case .object(let object) = try JSONParser().parseValue(body) else {
        throw JSONError(message: "not an object")
    }
    return TimelineEvent(
        at: .milliseconds(milliseconds), seq: seq, kind: try TimelineEvent.Kind(members: object), cause: cause)
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
            Scenarios/a.timeline.json:1:1: error: expected a golden timeline {"version": 3, "scenario": …, "events": […]}, found an array
            []
            ^
              hint: fix the file, or re-record it with --record all
            """
        ),
        (
            #"{"version": 2, "scenario": "a", "events": [{"at": "0ms", "input": "load"}], "extra": 1}"#,
            """
            Scenarios/a.timeline.json:1:86: error: unknown key 'extra' in a golden timeline
            {"version": 2, "scenario": "a", "events": [{"at": "0ms", "input": "load"}], "extra": 1}
                                                                                                 ^
              hint: a golden timeline has only "version", "scenario" and "events"
            """
        ),
        (
            #"{"version": 4, "scenario": "a", "events": []}"#,
            """
            Scenarios/a.timeline.json:1:13: error: unsupported timeline format version 4
            {"version": 4, "scenario": "a", "events": []}
                        ^
              hint: this Rehearsal reads formats 1, 2 and 3: re-record the golden with --record all
            """
        ),
        (
            "{\"version\": 2, \"scenario\": \"a\", \"events\": [\n  {\"at\": \"0ms\", \"input\": \"load\"},\n"
                + "  {\"at\": \"5 ms\", \"input\": \"load\"}\n]}\n",
            """
            Scenarios/a.timeline.json:3:10: error: expected one of the units ns, us, ms, s, m, h, found "5 ms"
              {"at": "5 ms", "input": "load"}
                     ^
              hint: use one of the units ns, us, ms, s, m, h, e.g. "5ms"
            """
        ),
        (
            "{\"version\": 2, \"scenario\": \"a\", \"events\": [\n  {\"at\": \"0ms\", \"seq\": 0, \"input\": \"load\"}\n]}\n",
            """
            Scenarios/a.timeline.json:2:24: error: timeline format 2 has no 'seq': the order of the lines is the order
              {"at": "0ms", "seq": 0, "input": "load"}
                                   ^
              hint: remove "seq" (or the file's "version": 2 if it is a format 1 file, then migrate it with the 'migrate' command)
            """
        ),
        (
            "{\"version\": 2, \"scenario\": \"a\", \"events\": [\n  {\"at\": \"1s\", \"input\": \"load\"},\n"
                + "  {\"at\": \"1ms\"}\n]}\n",
            """
            Scenarios/a.timeline.json:3:3: error: expected what happened after 'at' (e.g. "output": …), found nothing
              {"at": "1ms"}
              ^
              hint: fix the file, or re-record it with --record all
            """
        ),
        (
            "{\"version\": 2, \"scenario\": \"a\", \"events\": [\n  {\"at\": \"1s\", \"input\": \"load\"},\n"
                + "  {\"at\": \"1ms\", \"input\": \"load\"}\n]}\n",
            """
            Scenarios/a.timeline.json:3:10: error: 'at' goes back in time: 0.001s is before the previous event's 1.000s
              {"at": "1ms", "input": "load"}
                     ^
              hint: fix the file, or re-record it with --record all
            """
        ),
        // Format 1: a file-wide seq after each `at`.
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
        // Each kind takes its own members, of their own types.
        (
            "{\"version\": 2, \"scenario\": \"a\", \"events\": [\n  {\"at\": \"0ms\", \"outptu\": \"items\"}\n]}\n",
            """
            Scenarios/a.timeline.json:2:27: error: unknown event kind 'outptu'
              {"at": "0ms", "outptu": "items"}
                                      ^
              hint: did you mean 'output'? Events are input, call, response, cancelled, output, state, route, callback, log, finished, failed
            """
        ),
        (
            "{\"version\": 2, \"scenario\": \"a\", \"events\": [\n  {\"at\": \"0ms\", \"call\": \"R.f\", \"value\": 1}\n]}\n",
            """
            Scenarios/a.timeline.json:2:41: error: unknown member 'value' in a call event
              {"at": "0ms", "call": "R.f", "value": 1}
                                                    ^
              hint: a call event takes 'args'
            """
        ),
        (
            "{\"version\": 2, \"scenario\": \"a\", \"events\": [\n  {\"at\": \"0ms\", \"response\": \"R.f\", \"index\": \"0\"}\n]}\n",
            """
            Scenarios/a.timeline.json:2:45: error: expected the response's index as a whole number of 0 or more, found the string "0"
              {"at": "0ms", "response": "R.f", "index": "0"}
                                                        ^
              hint: write it as a number, such as 0
            """
        ),
        (
            "{\"version\": 2, \"scenario\": \"a\", \"events\": [\n  {\"at\": \"0ms\", \"output\": 3}\n]}\n",
            """
            Scenarios/a.timeline.json:2:27: error: expected the output event's name as a string, found the integer 3
              {"at": "0ms", "output": 3}
                                      ^
              hint: write the name in quotes
            """
        ),
        (
            "{\"version\": 2, \"scenario\": \"a\", \"events\": [\n  {\"at\": \"0ms\", \"failed\": \"route\"}\n]}\n",
            """
            Scenarios/a.timeline.json:2:3: error: expected the error of the failed event, found no 'error'
              {"at": "0ms", "failed": "route"}
              ^
              hint: add "error": the recorded error
            """
        ),
        (
            #"{"version": 2, "scenario": "a", "events": [}"#,
            """
            Scenarios/a.timeline.json:1:44: error: expected a value, found '}'
            {"version": 2, "scenario": "a", "events": [}
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

    @Test func aFormatOneGoldenReadsAsTheSameTimelineAsItsFormatThreeRewrite() throws {
        // Given the same two events written in format 1 (a file-wide seq) and in format 3 (line order)
        let v1 = """
            {"scenario": "a", "events": [
              {"at": "0ms", "seq": 0, "input": "load"},
              {"at": "0ms", "seq": 1, "output": "items", "value": [1]}
            ]}

            """
        let v3 = """
            {"version": 3, "scenario": "a", "events": [
              {"at": "0.000s", "input": "load"},
              {"at": "0.000s", "output": "items", "value": [1]}
            ]}

            """
        // When both are read
        let old = try GoldenFile(bytes: Array(v1.utf8), path: "a.timeline.json")
        let new = try GoldenFile(bytes: Array(v3.utf8), path: "a.timeline.json")
        // Then they are one timeline, each knows its format, and only format 3's bytes are canonical
        #expect(old.timeline == new.timeline)
        #expect([old.format, new.format] == [.v1, .v3])
        #expect(old.timeline.canonicalText == v3)
        #expect(!old.isCanonical(Array(v1.utf8)) && new.isCanonical(Array(v3.utf8)))
    }

    @Test func aFormatTwoGoldenReadsAsTheSameTimelineAndOnlyItsTimesAreRewritten() throws {
        // Given one timeline in format 2 (times in the largest unit with at most three decimals) and in format 3
        let v2 = """
            {"version": 2, "scenario": "a", "events": [
              {"at": "300ms", "input": "load"},
              {"at": "12.005m", "output": "items", "value": [1]},
              {"at": "2562047h", "output": "items", "value": [2]}
            ]}

            """
        let v3 = """
            {"version": 3, "scenario": "a", "events": [
              {"at": "0.300s", "input": "load"},
              {"at": "12m00.300s", "output": "items", "value": [1]},
              {"at": "2562047h00m00.000s", "output": "items", "value": [2]}
            ]}

            """
        // When both are read
        let old = try GoldenFile(bytes: Array(v2.utf8), path: "a.timeline.json")
        let new = try GoldenFile(bytes: Array(v3.utf8), path: "a.timeline.json")
        // Then they are one timeline at the same instants, and migrating format 2 writes format 3's bytes
        #expect(old.timeline == new.timeline)
        #expect([old.format, new.format] == [.v2, .v3])
        #expect(old.timeline.canonicalText == v3)
        #expect(!old.isCanonical(Array(v2.utf8)) && new.isCanonical(Array(v3.utf8)))
    }

    private static func object(_ text: String) throws -> JSONObject {
        guard case .object(let object) = try JSONParser().parseValue(text) else { throw JSONError(message: text) }
        return object
    }

    @Test func everyKindWritesItsMembersInOrderAndReadsBackAsItself() throws {
        // Given one event of every kind, with every field it can have
        let kinds: [TimelineEvent.Kind] = [
            .input(name: "query", value: "swift"), .input(name: "load", value: nil),
            .call(key: "Search.search", arguments: try Self.object(#"{"query": "swift", "page": 1}"#)),
            .call(key: "Search.reset", arguments: JSONObject()),
            .response(key: "Search.search", .init(index: 2)),
            .response(key: "Feed.prices", .init(index: 0, element: 3, isError: true, isEnd: true)),
            .cancelled(key: "Search.search"), .output(name: "results", value: [1, 2]),
            .output(name: "didFinish", value: nil), .state(name: "isLoading", value: true),
            .route(name: "detail", value: .object(try Self.object(#"{"id": 7}"#))),
            .callback(name: "completion", value: nil),
            .log(level: "info", subsystem: "com.example", category: "feed", message: "loaded 3"),
            .log(level: "fault", subsystem: nil, category: nil, message: "gone"), .finished(name: "route"),
            .failed(name: "items", error: .object(try Self.object(#"{"$error": "RepositoryError"}"#))),
        ]
        let timeline = Timeline(
            scenario: "kinds",
            events: kinds.enumerated().map {
                TimelineEvent(at: .milliseconds(Int64($0)), seq: $0, kind: $1, cause: nil)
            })
        // When it is written as a golden and read back
        let read = try Timeline(goldenBytes: Array(timeline.canonicalText.utf8), path: "kinds.timeline.json")
        // Then every line is the golden format's, and every event reads back as itself
        #expect(
            timeline.eventLines == [
                #"{"at": "0.000s", "input": "query", "value": "swift"}"#, #"{"at": "0.001s", "input": "load"}"#,
                #"{"at": "0.002s", "call": "Search.search", "args": {"query": "swift", "page": 1}}"#,
                #"{"at": "0.003s", "call": "Search.reset"}"#,
                #"{"at": "0.004s", "response": "Search.search", "index": 2}"#,
                #"{"at": "0.005s", "response": "Feed.prices", "index": 0, "element": 3, "throw": true, "finished": true}"#,
                #"{"at": "0.006s", "cancelled": "Search.search"}"#,
                #"{"at": "0.007s", "output": "results", "value": [1, 2]}"#,
                #"{"at": "0.008s", "output": "didFinish"}"#, #"{"at": "0.009s", "state": "isLoading", "value": true}"#,
                #"{"at": "0.010s", "route": "detail", "value": {"id": 7}}"#,
                #"{"at": "0.011s", "callback": "completion"}"#,
                #"{"at": "0.012s", "log": "info", "subsystem": "com.example", "category": "feed", "message": "loaded 3"}"#,
                #"{"at": "0.013s", "log": "fault", "message": "gone"}"#, #"{"at": "0.014s", "finished": "route"}"#,
                #"{"at": "0.015s", "failed": "items", "error": {"$error": "RepositoryError"}}"#,
            ])
        #expect(read == timeline)
        // And the results format (Codable) carries the same kinds
        let encoded = try JSONValueEncoder().encode(timeline)
        #expect(try JSONValueDecoder().decode(Timeline.self, from: encoded) == timeline)
    }

    @Test func instantsGroupConsecutiveEventsAtTheSameTime() throws {
        let timeline = Timeline(
            scenario: "a",
            events: [
                try event(0, 0, #"{"input": "load"}"#), try event(0, 1, #"{"call": "R.f"}"#),
                try event(300, 2, #"{"response": "R.f", "index": 0}"#), try event(300, 3, #"{"output": "o"}"#),
                try event(300, 4, #"{"output": "p"}"#), try event(1000, 5, #"{"input": "load"}"#),
            ])
        #expect(timeline.instants == [0..<2, 2..<5, 5..<6])
        #expect(Timeline(scenario: "a", events: []).instants == [])
    }
}
