import Foundation
import Rehearsal
import ScenarioJSON
import Testing

@testable import RehearsalCLI

/// Results files (`--reporter json`) that `rehearsal report` reads back, hostile or damaged: each is refused with a
/// located error, or reported; never a crash or a wait. The cases found by `make fuzz` (fuzz-results) say so.
@Suite struct ResultsFileTests {
    /// One failed scenario with one finding whose excerpt is `excerpt`, as a run writes it.
    static func results(excerpt: String) -> String {
        """
        {"summary": {"total": 1, "counts": {"failed": 1}, "exitCode": 1, "wallTime": 0.5},
         "scenarios": [{"name": "typo", "path": "Scenarios/typo.json", "status": "failed", "findings": [
           {"kind": "invalid", "diagnostic": {"severity": "error",
             "location": {"path": "Scenarios/typo.json", "line": 5, "column": 28}, "excerpt": \(excerpt),
             "message": "unknown input 'x'", "referencedFrom": []}, "output": []}],
           "notes": [], "duration": 0.1, "attempts": 1}],
         "flaky": [], "obsoleteGoldens": []}
        """
    }

    /// Found by `make fuzz` (fuzz-results): an excerpt whose caret is 0 or less decoded as it was (the initializer
    /// that keeps it at 1 or more was bypassed), and drawing its caret line crashed `report`.
    @Test(arguments: [0, -3])
    func anExcerptCaretBelowOneIsDrawnAtTheFirstColumn(_ caret: Int) throws {
        // Given results whose finding's excerpt has a caret of 0 or less
        let text = Self.results(excerpt: #"{"text": "{ \"send\": \"x\" }", "caret": \#(caret)}"#)
        // When they are read and reported
        let results = try RunResults.read(Array(text.utf8), path: "results.json")
        let report = ReportCommand.report(of: [results], files: ["results.json"], root: "/nonexistent", program: "r")
        // Then the caret is at the first column, and the report is made
        #expect(
            results.scenarios.first?.findings.first?.diagnostic.description == """
                Scenarios/typo.json:5:28: error: unknown input 'x'
                { "send": "x" }
                ^
                """)
        #expect(
            report.scenarios.map(\.problems) == [
                [
                    ReportScenario.Problem(
                        headline: "Scenarios/typo.json:5:28: error: unknown input 'x'",
                        text: "Scenarios/typo.json:5:28: error: unknown input 'x'\n{ \"send\": \"x\" }\n^")
                ]
            ])
        #expect(HTMLReport(report).page.hasSuffix("</html>\n"))
    }

    /// Found by `make fuzz` (fuzz-results): the report followed a mismatch's rows to the run's and the golden's
    /// events by index, and crashed on a row that names an event the results do not hold.
    @Test func aMismatchRowNamingMissingEventsIsReportedWithoutThem() throws {
        // Given results whose golden mismatch has a row naming events 5 and 7 of timelines of one event
        let event = #"{"atNanoseconds": 0, "seq": 0, "body": {"input": "load"}}"#
        let timeline = #"{"scenario": "a", "events": [\#(event)]}"#
        let text = """
            {"summary": {"total": 1, "counts": {"failed": 1}, "exitCode": 1, "wallTime": 0},
             "scenarios": [{"name": "a", "path": "Scenarios/a.json", "status": "failed", "findings": [], "notes": [],
               "timeline": \(timeline), "duration": 0, "attempts": 1,
               "golden": {"goldenPath": "Scenarios/a.timeline.json", "written": false, "mismatch": {
                 "goldenPath": "Scenarios/a.timeline.json", "comparison": "exact", "expected": \(timeline),
                 "actual": \(timeline), "rows": [{"change": "changed", "expected": 5, "actual": 7, "values": []}],
                 "firstDivergence": {"index": 0, "at": "0ms", "expected": \(event), "actual": \(event)}}}}],
             "flaky": [], "obsoleteGoldens": []}
            """
        // When they are read and reported
        let results = try RunResults.read(Array(text.utf8), path: "results.json")
        let report = ReportCommand.report(of: [results], files: ["results.json"], root: "/nonexistent", program: "r")
        // Then the comparison keeps the row, diverging at its index, with no event for the indices that are not there
        let comparison = try #require(report.scenarios.first?.comparison)
        #expect(comparison.mismatch.rows.map { [$0.expected, $0.actual] } == [[5, 7]])
        #expect(comparison.divergence == 0)
        #expect(HTMLReport(report).page.hasSuffix("</html>\n"))
    }

    /// Reading a named pipe would wait for a writer forever: it is refused, as scenario and golden readers do.
    @Test func aResultsPathThatIsAPipeIsRefusedNotWaitedFor() throws {
        // Given a named pipe where the results should be
        let cli = try CLIProcess(fixture: "project")
        #expect(mkfifo(cli.directory.appendingPathComponent("results.json").path, 0o644) == 0)
        // When a report is made of it
        let outcome = try cli.run(["report", "report", "results.json"])
        // Then it is refused, naming what is there
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "")
        #expect(
            outcome.stderr == """
                results.json: error: expected a file of JSON results, found a pipe, a socket or a device
                  hint: give the path of a regular JSON file

                """)
        #expect(!cli.exists("report"))
    }

    /// Found by adding the shard check of `report` to `make fuzz` (fuzz-results): a results file's shard was read
    /// as written, and `report` counted the shards from 1 to a count of 0 (or less), which crashed it. A shard that
    /// no run writes is refused at its value.
    @Test(arguments: [
        (#""index": 1, "count": 0, "selected": 2"#, 56, "shard.count: expected a shard count of 1 or more, found 0"),
        (
            #""index": 3, "count": 2, "selected": 2"#, 44,
            "shard.index: expected a shard index from 1 to its count (2), found 3"
        ),
        (
            #""index": 1, "count": 2, "selected": -1"#, 71,
            "shard.selected: expected a number of selected scenarios of 0 or more, found -1"
        ),
    ])
    func aShardThatNoRunWritesIsRefusedAtItsValue(_ shard: String, _ column: Int, _ message: String) throws {
        // Given results whose shard has a count, index or selection no sharded run writes
        let line = #" "obsoleteGoldens": [], "shard": {\#(shard), "basis": "counting", "plan": "p"}}"#
        let text = """
            {"summary": {"total": 0, "counts": {}, "exitCode": 0, "wallTime": 0}, "scenarios": [], "flaky": [],
            \(line)
            """
        // When they are read
        // Then they are refused at that value, saying what was expected
        #expect {
            try RunResults.read(Array(text.utf8), path: "results.json")
        } throws: { error in
            (error as? JSONError)?.description == """
                results.json:2:\(column): error: \(message)
                \(line)
                \(String(repeating: " ", count: column - 1))^
                  hint: change the value to one the type accepts
                """
        }
    }

    /// Found by adding the durations `report` writes to `make fuzz` (fuzz-results): a results file's duration of
    /// 1e300 seconds was turned into whole microseconds with `Int64(_:)`, which traps past `Int64.max`. Such a
    /// duration is left out of the durations; the others are kept.
    @Test func aDurationPastWhatMicrosecondsHoldIsLeftOutOfTheDurations() throws {
        // Given results of a scenario that took 1e300 seconds, and of one that took 0.1 s
        let huge = Self.results(excerpt: #"{"text": "x", "caret": 1}"#).replacingOccurrences(
            of: #""duration": 0.1"#, with: #""duration": 1e300"#)
        let results = try RunResults.read(Array(huge.utf8), path: "results.json")
        let plain = try RunResults.read(
            Array(Self.results(excerpt: #"{"text": "x", "caret": 1}"#).utf8), path: "results.json")
        // When their durations are taken
        // Then the huge one is left out, and the other is in whole microseconds
        #expect(ScenarioDurations(results.scenarios) == ScenarioDurations())
        #expect(ScenarioDurations(plain.scenarios).microseconds == ["Scenarios/typo.json": 100_000])
    }
}
