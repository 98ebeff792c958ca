import Foundation
import Testing

@testable import RehearsalCLI

/// A run of one scenario plays it in the command line's own process (no worker), and reports exactly what a worker
/// would: the same console and results for a pass, a difference, a crash and a hang, and a crash never takes the
/// command line down (the command relaunches itself on its workers, which report the crash as the scenario's).
@Suite struct CLIInProcessTests {
    /// The run of `arguments` in a fresh copy of `fixture`, once in process and once with workers forced.
    private func both(_ fixture: String, _ arguments: [String], prepare: (CLIProcess) throws -> Void = { _ in })
        throws -> (here: (CLIProcess.Outcome, RunResults), workers: (CLIProcess.Outcome, RunResults))
    {
        func one(_ environment: [String: String]) throws -> (CLIProcess.Outcome, RunResults) {
            let cli = try CLIProcess(fixture: fixture, executable: "rehearsal-fixtures")
            try prepare(cli)
            let outcome = try cli.run(
                arguments + ["--reporter", "console", "--reporter", "json:out.json"], environment: environment)
            var results = try cli.results("out.json")
            results.summary.wallTime = 0
            results.scenarios = results.scenarios.map { outcome in
                var outcome = outcome
                outcome.duration = 0
                return outcome
            }
            return (outcome, results)
        }
        return (try one([:]), try one([InProcessRun.isolateVariable: "1"]))
    }

    @Test func aPassingAndADifferingScenarioReportTheSameAsOnAWorker() throws {
        // Given one scenario that passes and one whose golden differs
        for path in ["Scenarios/counter/add.json", "Scenarios/counter/subtract.json"] {
            let (here, workers) = try both("project", ["run", path, "--record", "never"]) { cli in
                try cli.write(
                    "Scenarios/counter/subtract.timeline.json",
                    #"{"version": 2, "scenario": "counter/subtract", "events": []}"# + "\n")
            }
            // When each runs in process and on a worker
            // Then the exit status, the console and the JSON results are the same
            #expect(here.0.status == workers.0.status)
            #expect(here.0.normalizedStdout == workers.0.normalizedStdout)
            #expect(here.1 == workers.1)
        }
    }

    @Test func aCrashRelaunchesTheRunOnAWorkerWhichReportsItAsTheScenariosCrash() throws {
        // Given one scenario whose ViewModel force-unwraps nil at step 1
        let (here, workers) = try both("isolation", ["run", "Scenarios/fixture/crash.json"])
        // When it runs in the command line's process, then the crash relaunches the command on a worker
        // Then it is reported as the crashed scenario, as on a worker, with a note that it ran twice
        #expect(here.0.status == 1)
        #expect(workers.0.status == 1)
        #expect(here.1.scenarios.map(\.status) == [.crashed])
        #expect(here.1.scenarios == workers.1.scenarios)
        let note =
            "note: the scenario crashed the command line's process with SIGILL, so it ran again on a worker process, "
            + "which reports it\n"
        let expected = workers.0.normalizedStdout.replacingOccurrences(
            of: "wrote out.json", with: note + "wrote out.json")
        #expect(here.0.normalizedStdout == expected)
    }

    @Test func aHangTimesOutAsOnAWorkerAndTheProcessEnds() throws {
        // Given one scenario whose ViewModel blocks the main thread at step 1
        let (here, workers) = try both("isolation", ["run", "Scenarios/fixture/hang.json", "--timeout", "1s"])
        // When the watchdog gives up after 1s
        // Then it is reported timed out at its step with its events, as on a worker, and the command exits 1
        #expect(here.0.status == 1)
        #expect(here.0.normalizedStdout == workers.0.normalizedStdout)
        #expect(here.1 == workers.1)
        #expect(here.1.scenarios.map(\.status) == [.timedOut])
    }
}
