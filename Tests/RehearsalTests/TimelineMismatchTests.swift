import Foundation
import ScenarioJSON
import Testing
import VirtualTime

@testable import Rehearsal

@Suite struct TimelineMismatchTests {
    /// A golden of 14 events: a load and its call at 0ms, then one output every 100 ms from 200ms (`people` at
    /// 500ms, `tick` otherwise).
    private static func golden() throws -> Timeline {
        var events = [
            try event(0, 0, #"{"input": "load", "value": 1}"#),
            try event(0, 1, #"{"call": "PeopleRepository.fetchPeople", "args": {"page": 1}}"#),
        ]
        for index in 2..<14 {
            let body =
                index == 5
                ? #"{"output": "people", "value": [{"id": 1, "name": "Kim"}, {"id": 2, "name": "Lee", "tags": ["a"]}]}"#
                : #"{"output": "tick", "value": \#(index)}"#
            events.append(try event(Int64(index) * 100, index, body))
        }
        return Timeline(scenario: "people", events: events)
    }

    /// The scenario `Fixtures/Goldens/people.json`, loaded (not run) from a sandbox, for step locations.
    private static func scenario(_ sandbox: ScenarioSandbox) throws -> Scenario {
        try sandbox.copyFixture("Goldens/people.json", to: "Scenarios/people.json")
        return try ScenarioLoader(root: sandbox.root).load("Scenarios/people.json")
    }

    /// Renumbers `seq` after edits, and attributes every event to a cause.
    private static func renumbered(_ events: [TimelineEvent], cause: WorkCause) -> Timeline {
        Timeline(
            scenario: "people",
            events: events.enumerated().map { index, event in
                var event = event
                event.seq = index
                event.cause = cause
                return event
            })
    }

    @Test func rendersFirstDivergenceUnifiedDiffAndChangedValues() throws {
        // Given a run where a name changed, an event was inserted and the last event is missing
        let sandbox = try ScenarioSandbox()
        let expected = try Self.golden()
        var events = expected.events
        events[5] = try event(
            500, 5,
            #"{"output": "people", "value": [{"id": 1, "name": "Kim"}, {"id": 2, "name": "Li", "tags": ["a", "b"]}]}"#)
        events.insert(try event(1000, 0, #"{"route": "showDetail", "value": {"id": 2}}"#), at: 10)
        events.removeLast()
        let actual = Self.renumbered(events, cause: .step(1))
        // When they are compared
        let mismatch = try #require(
            TimelineMismatch.compare(
                expected: expected, actual: actual, comparison: .exact, goldenPath: "Scenarios/people.timeline.json",
                scenario: try Self.scenario(sandbox)))
        // Then
        #expect(
            mismatch.firstDivergence
                == TimelineMismatch.Divergence(
                    index: 5, at: .milliseconds(500), cause: .step(1),
                    step: StepReference(
                        index: 1, location: SourceLocation(path: "Scenarios/people.json", line: 12, column: 5)),
                    expected: expected.events[5], actual: actual.events[5]))
        #expect(
            mismatch.rendered == """
                Timeline differs from the golden Scenarios/people.timeline.json (compare: exact).
                First divergence at 500ms (event 5), caused by step 1 (Scenarios/people.json:12):
                  expected: {"at": "500ms", "output": "people", "value": [{"id": 1, "name": "Kim"}, {"id": 2, "name": "Lee", "tags": ["a"]}]}
                  actual:   {"at": "500ms", "output": "people", "value": [{"id": 1, "name": "Kim"}, {"id": 2, "name": "Li", "tags": ["a", "b"]}]}

                Events (- golden, + actual):
                  … 3 unchanged
                  {"at": "300ms", "output": "tick", "value": 3}
                  {"at": "400ms", "output": "tick", "value": 4}
                - {"at": "500ms", "output": "people", "value": [{"id": 1, "name": "Kim"}, {"id": 2, "name": "Lee", "tags": ["a"]}]}
                + {"at": "500ms", "output": "people", "value": [{"id": 1, "name": "Kim"}, {"id": 2, "name": "Li", "tags": ["a", "b"]}]}
                  {"at": "600ms", "output": "tick", "value": 6}
                  {"at": "700ms", "output": "tick", "value": 7}
                  {"at": "800ms", "output": "tick", "value": 8}
                  {"at": "900ms", "output": "tick", "value": 9}
                + {"at": "1s", "route": "showDetail", "value": {"id": 2}}
                  {"at": "1s", "output": "tick", "value": 10}
                  {"at": "1.1s", "output": "tick", "value": 11}
                  {"at": "1.2s", "output": "tick", "value": 12}
                - {"at": "1.3s", "output": "tick", "value": 13}

                Changed values:
                  event 5, output "people":
                    value[1].name: - "Lee" + "Li"
                    value[1].tags[1]: + "b" (added)
                """)
    }

    @Test func missingEventsAtTheEndNameNoCause() throws {
        let golden = try Self.golden()
        let expected = Timeline(scenario: "people", events: Array(golden.events.prefix(6)))
        let actual = Self.renumbered(Array(golden.events.prefix(2)), cause: .setup)
        let mismatch = try #require(
            TimelineMismatch.compare(
                expected: expected, actual: actual, comparison: .exact, goldenPath: "Scenarios/people.timeline.json",
                scenario: nil))
        #expect(
            mismatch.rendered == """
                Timeline differs from the golden Scenarios/people.timeline.json (compare: exact).
                First divergence at 200ms (event 2):
                  expected: {"at": "200ms", "output": "tick", "value": 2}
                  actual:   (no event: the run ended here)

                Events (- golden, + actual):
                  {"at": "0ms", "input": "load", "value": 1}
                  {"at": "0ms", "call": "PeopleRepository.fetchPeople", "args": {"page": 1}}
                - {"at": "200ms", "output": "tick", "value": 2}
                - {"at": "300ms", "output": "tick", "value": 3}
                - {"at": "400ms", "output": "tick", "value": 4}
                - {"at": "500ms", "output": "people", "value": [{"id": 1, "name": "Kim"}, {"id": 2, "name": "Lee", "tags": ["a"]}]}
                """)
    }

    @Test func orderComparisonIgnoresVirtualTimes() throws {
        // Given a run where every event happens 50 ms later
        let expected = try Self.golden()
        let later = Self.renumbered(
            expected.events.map { event in
                var event = event
                event.at = event.at + .milliseconds(50)
                return event
            }, cause: .setup)
        // Then `order` sees no difference and `exact` does
        #expect(
            TimelineMismatch.compare(
                expected: expected, actual: later, comparison: .order, goldenPath: "g", scenario: nil) == nil)
        #expect(
            TimelineMismatch.compare(
                expected: expected, actual: later, comparison: .exact, goldenPath: "g", scenario: nil)?
                .firstDivergence.index == 0)
    }

    @Test func orderComparisonStillSeesChangedAndReorderedEvents() throws {
        let expected = try Self.golden()
        var events = expected.events
        events.swapAt(2, 3)
        events[0].at = .milliseconds(7)
        let actual = Self.renumbered(events, cause: .step(0))
        let mismatch = try #require(
            TimelineMismatch.compare(
                expected: Timeline(scenario: "people", events: Array(expected.events.prefix(5))),
                actual: Timeline(scenario: "people", events: Array(actual.events.prefix(5))),
                comparison: .order, goldenPath: "Scenarios/people.timeline.json", scenario: nil))
        #expect(
            mismatch.rendered == """
                Timeline differs from the golden Scenarios/people.timeline.json (compare: order).
                First divergence at 300ms (event 2), caused by step 0:
                  expected: {"at": "200ms", "output": "tick", "value": 2}
                  actual:   {"at": "300ms", "output": "tick", "value": 3}

                Events (- golden, + actual):
                  {"at": "7ms", "input": "load", "value": 1}
                  {"at": "0ms", "call": "PeopleRepository.fetchPeople", "args": {"page": 1}}
                - {"at": "200ms", "output": "tick", "value": 2}
                  {"at": "300ms", "output": "tick", "value": 3}
                + {"at": "200ms", "output": "tick", "value": 2}
                  {"at": "400ms", "output": "tick", "value": 4}
                """)
    }
}
