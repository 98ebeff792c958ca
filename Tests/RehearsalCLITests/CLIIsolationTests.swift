import Foundation
import Testing

@testable import RehearsalCLI

/// A ViewModel that crashes or hangs fails only its own scenario; the rest still run and are reported.
@Suite struct CLIIsolationTests {
    @Test func crashAndHangFailTheirOwnScenariosWithTheLastEvents() throws {
        // Given scenarios that crash, hang, crash once (flaky), pass, and pass while printing protocol-like lines
        let cli = try CLIProcess(fixture: "isolation", executable: "rehearsal-fixtures")
        // When they run on two workers with a 1s watchdog and one retry
        let outcome = try cli.run(["run", "--jobs", "2", "--timeout", "1s", "--retries", "1", "--reporter", "console"])
        // Then each failure names its reason at the step that was running, with the last events, and the others pass
        #expect(outcome.status == 1)
        #expect(
            outcome.normalizedStdout == """
                CRASHED fixture/crash (Scenarios/fixture/crash.json)
                Scenarios/fixture/crash.json:6:5: error: crashed with SIGILL (illegal instruction: fatalError, \
                precondition or force unwrap) during step 1, in the ViewModel
                    { "at": "1s", "send": "crash" }
                    ^
                  crashed at: rehearsal_fixtures/FixtureViewModel.swift:\(Self.line(of: "state = missing!"))
                  hint: fix the crash in the ViewModel at rehearsal_fixtures/FixtureViewModel.swift:\
                \(Self.line(of: "state = missing!")); the other scenarios ran on a fresh worker
                worker output:
                  rehearsal_fixtures/FixtureViewModel.swift:\(Self.line(of: "state = missing!")): Fatal error: Unexpectedly found nil while unwrapping an \
                Optional value
                last timeline events:
                  {"at": "0.000s", "state": "state", "value": 0}
                  {"at": "0.000s", "input": "tick"}
                  {"at": "0.000s", "state": "state", "value": 1}
                  {"at": "1.000s", "input": "crash"}
                FLAKY fixture/flaky (Scenarios/fixture/flaky.json)
                  failed, then passed on attempt 2; the first failure was:
                Scenarios/fixture/flaky.json:5:5: error: crashed with SIGILL (illegal instruction: fatalError, \
                precondition or force unwrap) during step 0, in the ViewModel
                    { "at": "0ms", "send": "crashOnce" }
                    ^
                  crashed at: rehearsal_fixtures/FixtureViewModel.swift:\(Self.line(of: "fatalError(\"crashing once"))
                  hint: fix the crash in the ViewModel at rehearsal_fixtures/FixtureViewModel.swift:\
                \(Self.line(of: "fatalError(\"crashing once")); the other scenarios ran on a fresh worker
                worker output:
                  rehearsal_fixtures/FixtureViewModel.swift:\(Self.line(of: "fatalError(\"crashing once")): Fatal error: crashing once on purpose
                last timeline events:
                  {"at": "0.000s", "state": "state", "value": 0}
                  {"at": "0.000s", "input": "crashOnce"}
                TIMED OUT fixture/hang (Scenarios/fixture/hang.json)
                Scenarios/fixture/hang.json:6:5: error: timed out after 1.000s during step 1
                    { "at": "2s", "send": "hang" }
                    ^
                  hint: look for a ViewModel that blocks the main thread, or raise --timeout
                last timeline events:
                  {"at": "0.000s", "state": "state", "value": 0}
                  {"at": "0.000s", "input": "tick"}
                  {"at": "0.000s", "state": "state", "value": 1}
                  {"at": "2.000s", "input": "hang"}
                5 scenarios: 2 passed, 1 flaky, 1 crashed, 1 timed out in <time>

                """)
    }

    @Test func aCrashedScenarioKeepsEveryEventItReachedForItsReport() throws {
        // Given a scenario that ticks twelve times, then crashes
        let cli = try CLIProcess(fixture: "isolation", executable: "rehearsal-fixtures")
        let ticks = (0..<12).map { #"{"at": "\#($0)ms", "send": "tick"}"# }.joined(separator: ", ")
        try cli.write(
            "Scenarios/late/crash.json",
            #"{"viewModel": "Fixture", "config": {}, "steps": [\#(ticks), {"at": "1s", "send": "crash"}]}"#)
        // When it runs with JSON results
        let outcome = try cli.run(["run", "Scenarios/late", "--reporter", "json:out.json"])
        // Then the console shows its last events, and its results keep all 26 it reached (for the report's lanes)
        #expect(outcome.status == 1)
        let crashed = try #require(try cli.results("out.json").scenarios.first)
        #expect(crashed.status == .crashed)
        #expect(crashed.timeline?.events.count == 26)
        #expect(crashed.timeline?.events.last?.line == #"{"at": "1.000s", "input": "crash"}"#)
        #expect(outcome.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  {\"at\"") }.count == 8)
    }

    /// The line of the fixture ViewModel's source that contains `text` (where the runtime reports the crash).
    static func line(of text: String) -> Int {
        let source = CLIProcess.fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/rehearsal-fixtures/FixtureViewModel.swift")
        let lines = (try? String(contentsOf: source, encoding: .utf8))?.components(separatedBy: "\n") ?? []
        return (lines.firstIndex { $0.contains(text) } ?? -1) + 1
    }

    @Test func resultsAreTheSameForAnyNumberOfWorkers() throws {
        // Given the same project run with one and with three workers
        let cli = try CLIProcess(fixture: "project")
        let one = try cli.run(["run", "--jobs", "1", "--reporter", "json:one.json"])
        let three = try cli.run(["run", "--jobs", "3", "--reporter", "json:three.json"])
        // Then the outcomes are identical and in path order (durations and the --jobs option aside)
        let documents = try ["one.json", "three.json"].map { path in
            var document = try cli.results(path)
            document.summary.wallTime = 0
            document.options = nil
            document.scenarios = document.scenarios.map { outcome in
                var outcome = outcome
                outcome.duration = 0
                return outcome
            }
            return document
        }
        #expect([one.status, three.status] == [0, 0])
        #expect(documents[0] == documents[1])
        #expect(
            documents[0].scenarios.map(\.path) == [
                "Scenarios/counter/add.json", "Scenarios/counter/reset.json", "Scenarios/counter/subtract.json",
            ])
    }
}
