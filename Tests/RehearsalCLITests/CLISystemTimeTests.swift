import Foundation
import Testing

/// Worker processes play a ViewModel's own `Task.sleep` on virtual time (the interposition is in effect in the
/// executable), and `REHEARSAL_SYSTEM_TIME=real` switches it off, with the real sleep reported.
@Suite struct CLISystemTimeTests {
    @Test func aThirtySecondTaskSleepPassesAgainstItsGoldenWellInsideAFiveSecondWatchdog() throws {
        // Given a scenario whose ViewModel sleeps 30s with Task.sleep, and its golden (the wake-up at 30.000s)
        let cli = try CLIProcess(fixture: "systemtime", executable: "rehearsal-fixtures")

        // When it runs in a worker with a 5s wall-clock watchdog
        let outcome = try cli.run(["run", "--record", "never", "--timeout", "5s", "--reporter", "console"])

        // Then it passes: the 30s went by on virtual time
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.normalizedStdout.hasSuffix("1 scenario: 1 passed in <time>\n"), "\(outcome)")
    }

    @Test func withSystemTimeSwitchedOffTheSleepIsReportedInsteadOfVirtual() throws {
        // Given the same scenario, with REHEARSAL_SYSTEM_TIME=real
        let cli = try CLIProcess(fixture: "systemtime", executable: "rehearsal-fixtures")

        // When it runs
        let outcome = try cli.run(
            ["run", "--record", "never", "--timeout", "5s", "--reporter", "console"],
            environment: ["REHEARSAL_SYSTEM_TIME": "real"])

        // Then it fails at the step: the task never woke, and the real sleep is named
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                "Scenarios/fixture/nap.json:5:5: error: work started by step 0 slept on a real clock (Task.sleep or a "
                    + "ContinuousClock/SuspendingClock sleep) at 0.000s while system time is real"), "\(outcome)")
    }
}
