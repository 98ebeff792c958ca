import Foundation
import ScenarioJSON
import Testing
import VirtualTime

@testable import Rehearsal

@Suite struct TimelineMismatchTests {
    /// A golden of 14 events: a load and its call at 0.000s, then one output every 100 ms from 0.200s (`people` at
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
        #expect(mismatch.differences.map(\.change) == [.changed, .added, .removed])
        #expect(
            mismatch.differences[0].values == [
                ValueChange(
                    .changed, path: ValuePath([.member("value"), .index(1), .member("name")]), expected: "Lee",
                    actual: "Li"),
                ValueChange(
                    .added, path: ValuePath([.member("value"), .index(1), .member("tags"), .index(1)]), actual: "b"),
            ])
        #expect(
            mismatch.rendered == """
                Timeline differs from the golden Scenarios/people.timeline.json (compare: exact): 1 event changed, 1 missing, 1 new.
                First divergence at 0.500s, caused by step 1 (Scenarios/people.json:12): output "people" changed.

                  … 3 unchanged
                @@ step 1 (Scenarios/people.json:12) @@
                  {"at": "0.300s", "output": "tick", "value": 3}
                  {"at": "0.400s", "output": "tick", "value": 4}
                ~ {"at": "0.500s", "output": "people", "value": [{"id": 1, "name": "Kim"}, {"id": 2, "name": "Lee", "tags": ["a"]}]}
                    value[1].name: - "Lee" + "Li"
                    value[1].tags[1]: + "b" (inserted)
                  {"at": "0.600s", "output": "tick", "value": 6}
                  {"at": "0.700s", "output": "tick", "value": 7}
                  {"at": "0.800s", "output": "tick", "value": 8}
                  {"at": "0.900s", "output": "tick", "value": 9}
                + {"at": "1.000s", "route": "showDetail", "value": {"id": 2}}
                  {"at": "1.000s", "output": "tick", "value": 10}
                  {"at": "1.100s", "output": "tick", "value": 11}
                  {"at": "1.200s", "output": "tick", "value": 12}
                - {"at": "1.300s", "output": "tick", "value": 13}
                """)
    }

    @Test func missingEventsAtTheEndAreBlamedOnTheWorkBeforeThem() throws {
        let golden = try Self.golden()
        let expected = Timeline(scenario: "people", events: Array(golden.events.prefix(6)))
        let actual = Self.renumbered(Array(golden.events.prefix(2)), cause: .setup)
        let mismatch = try #require(
            TimelineMismatch.compare(
                expected: expected, actual: actual, comparison: .exact, goldenPath: "Scenarios/people.timeline.json",
                scenario: nil))
        #expect(
            mismatch.rendered == """
                Timeline differs from the golden Scenarios/people.timeline.json (compare: exact): 4 events missing.
                First divergence at 0.200s, caused by setup: output "tick" is missing from the run.

                @@ setup @@
                  {"at": "0.000s", "input": "load", "value": 1}
                  {"at": "0.000s", "call": "PeopleRepository.fetchPeople", "args": {"page": 1}}
                - {"at": "0.200s", "output": "tick", "value": 2}
                - {"at": "0.300s", "output": "tick", "value": 3}
                - {"at": "0.400s", "output": "tick", "value": 4}
                - {"at": "0.500s", "output": "people", "value": [{"id": 1, "name": "Kim"}, {"id": 2, "name": "Lee", "tags": ["a"]}]}
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
                Timeline differs from the golden Scenarios/people.timeline.json (compare: order): 1 event moved.
                First divergence at 0.200s, caused by step 0: output "tick" moved.

                  … 1 unchanged
                @@ step 0 @@
                  {"at": "0.000s", "call": "PeopleRepository.fetchPeople", "args": {"page": 1}}
                  {"at": "0.300s", "output": "tick", "value": 3}
                ~ {"at": "0.200s", "output": "tick", "value": 2}
                    moved: the golden has it before {"at": "0.300s", "output": "tick", "value": 3}
                  {"at": "0.400s", "output": "tick", "value": 4}
                """)
    }

    @Test func aMissingRouteIsBlamedOnTheStepWhoseInputShouldHaveProducedIt() throws {
        // Given a golden where step 0 loads (a call answered at 0.300s) and step 1's tap at 0.500s routes, and a run
        // where the tap no longer routes and step 2 happens next
        let sandbox = try ScenarioSandbox()
        try sandbox.write(
            """
            {
              "viewModel": "Contributors",
              "steps": [
                {"at": "0ms", "send": "load"},
                {"at": "500ms", "send": "didTapEdit"},
                {"at": "800ms", "send": "didTapClose"}
              ]
            }
            """, to: "Scenarios/edit.json")
        let scenario = try ScenarioLoader(root: sandbox.root).load("Scenarios/edit.json")
        let golden = Timeline(
            scenario: "edit",
            events: [
                try event(0, 0, #"{"input": "load"}"#), try event(0, 1, #"{"call": "Repo.fetch"}"#),
                try event(300, 2, #"{"response": "Repo.fetch", "index": 0}"#),
                try event(500, 3, #"{"input": "didTapEdit"}"#),
                try event(500, 4, #"{"route": "pushEditStore", "value": {"storeId": 42}}"#),
                try event(800, 5, #"{"input": "didTapClose"}"#), try event(800, 6, #"{"route": "dismiss"}"#),
            ])
        let run = Timeline(
            scenario: "edit",
            events: [
                try event(0, 0, #"{"input": "load"}"#, cause: .step(0)),
                try event(0, 1, #"{"call": "Repo.fetch"}"#, cause: .step(0)),
                try event(300, 2, #"{"response": "Repo.fetch", "index": 0}"#, cause: .step(0)),
                try event(500, 3, #"{"input": "didTapEdit"}"#, cause: .step(1)),
                try event(800, 4, #"{"input": "didTapClose"}"#, cause: .step(2)),
                try event(800, 5, #"{"route": "dismiss"}"#, cause: .step(2)),
            ])
        // When compared
        let mismatch = try #require(
            TimelineMismatch.compare(
                expected: golden, actual: run, comparison: .exact, goldenPath: "Scenarios/edit.timeline.json",
                scenario: scenario))
        // Then the missing route is step 1's (the input before it), not step 2's (the run's next event)
        #expect(mismatch.firstDivergence.step?.index == 1)
        #expect(
            mismatch.rendered == """
                Timeline differs from the golden Scenarios/edit.timeline.json (compare: exact): 1 event missing.
                First divergence at 0.500s, caused by step 1 (Scenarios/edit.json:5): route "pushEditStore" is missing from the run.

                  … 2 unchanged
                @@ step 1 (Scenarios/edit.json:5) @@
                  {"at": "0.300s", "response": "Repo.fetch", "index": 0}
                  {"at": "0.500s", "input": "didTapEdit"}
                - {"at": "0.500s", "route": "pushEditStore", "value": {"storeId": 42}}
                  {"at": "0.800s", "input": "didTapClose"}
                  {"at": "0.800s", "route": "dismiss"}
                """)

        // And when the answer at 0.300s is missing too, after step 1's tap moved before it, the answer is blamed on
        // step 0, which made the call
        let late = Timeline(
            scenario: "edit",
            events: [run.events[0], run.events[1], run.events[3], run.events[4], run.events[5]].enumerated().map {
                var event = $1
                event.seq = $0
                return event
            })
        let answer = try #require(
            TimelineMismatch.compare(
                expected: golden, actual: late, comparison: .exact, goldenPath: "g", scenario: scenario))
        #expect(answer.differences.map(\.change) == [.removed, .removed])
        #expect(answer.differences.map(\.step?.index) == [0, 1])
    }

    @Test func aChangedTimeIsAChangedValueOfOneEvent() throws {
        let golden = Timeline(scenario: "a", events: [try event(300, 0, #"{"output": "o", "value": 1}"#)])
        let run = Timeline(scenario: "a", events: [try event(400, 0, #"{"output": "o", "value": 1}"#, cause: .setup)])
        let mismatch = try #require(
            TimelineMismatch.compare(expected: golden, actual: run, comparison: .exact, goldenPath: "g", scenario: nil))
        #expect(mismatch.differences.map(\.change) == [.changed])
        #expect(mismatch.differences.first?.values.map(\.line) == [#"at: - "0.300s" + "0.400s""#])
    }
}
