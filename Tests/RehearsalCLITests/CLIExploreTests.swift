import Foundation
import Testing

/// `rehearsal explore` end to end, in a copy of the package's scenarios and mocks: it fails on the seed 004 race,
/// names it, writes a shrunk scenario that `rehearsal run` fails on, and passes the fixed ViewModel with "all N
/// schedules passed under bound k".
@Suite struct CLIExploreTests {
    static func project() throws -> CLIProcess {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rehearsal-explore-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for folder in ["Scenarios", "Mocks"] {
            try FileManager.default.copyItem(
                at: BundledProject.packageRoot.appendingPathComponent(folder),
                to: directory.appendingPathComponent(folder))
        }
        return CLIProcess(directory: directory)
    }

    @Test func exploringRandomUserFailsNamesTheRaceAndWritesAScenarioThatRunFails() throws {
        // Given the bundled random-user scenarios without the committed shrunk race
        let cli = try Self.project()
        let race = "Scenarios/random-user/shuffle-while-arriving.race-1.json"
        try FileManager.default.removeItem(at: cli.directory.appendingPathComponent(race))
        // When explored (bound 1 keeps the test short; the suite of the engine explores under bound 2)
        let explored = try cli.run(["explore", "--bound", "1", "Scenarios/random-user"])
        // Then it fails, passing the fixed ViewModel under the bound and naming the race with its replay token
        #expect(explored.status == 1, "\(explored)")
        let lines = explored.stdout.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(5)) == [
                "PASS random-user/completes-before-responses: all 16 schedules passed under bound 1",
                "PASS random-user/one-request-fails: all 13 schedules passed under bound 1",
                "PASS random-user/second-shuffle-appends: all 61 schedules passed under bound 1",
                "PASS random-user/shuffle-while-arriving-fixed: all 109 schedules passed under bound 1",
                "FAIL random-user/shuffle-while-arriving (Scenarios/random-user/shuffle-while-arriving.json)",
            ])
        #expect(lines.contains("explored: schedule 33 fails (exhaustive (bound 1), after 32 passed)"))
        #expect(lines.contains { $0.hasPrefix("  race: the response to RandomUserService.fetchRandomPerson") })
        #expect(
            lines.contains(
                "  replay: rehearsal explore Scenarios/random-user/shuffle-while-arriving.json --replay x1.eaea2577.40-1"
            ))
        #expect(
            lines.contains {
                $0.hasPrefix("  shrunk in ")
                    && $0.hasSuffix("\(race) (it fails on 'rehearsal run' until the ViewModel is fixed)")
            })
        #expect(CLIProcess.Outcome.normalize(lines.last ?? "") == "5 scenarios: 4 passed, 1 failed in <time>")
        // And the shrunk scenario forces the order with latencies alone, and fails on a plain run, every time
        let written = try String(contentsOf: cli.directory.appendingPathComponent(race), encoding: .utf8)
        #expect(!written.contains(#""schedule""#))
        for _ in 0..<3 {
            let run = try cli.run(["run", race])
            #expect(run.status == 1)
            #expect(run.stdout.contains("error: property 0 does not hold: after the last shuffle the list holds"))
        }
        // And the token replays the failing schedule
        let replay = try cli.run([
            "explore", "Scenarios/random-user/shuffle-while-arriving.json", "--replay", "x1.eaea2577.40-1",
            "--no-shrink",
        ])
        #expect(replay.status == 1)
        #expect(replay.stdout.contains("explored: the replayed schedule fails\n"))
    }

    @Test func optionsThatDoNotFitAreUsageErrors() throws {
        let cli = try Self.project()
        let bound = try cli.run(["explore", "--strategy", "random", "--bound", "3"])
        #expect(bound.status == 64)
        #expect(
            bound.stderr.hasPrefix(
                "error: '--bound' does not apply to --strategy random\n  hint: use --bound with --strategy exhaustive\n"
            ))
        let strategy = try cli.run(["explore", "--strategy", "pcp"])
        #expect(strategy.status == 64)
        #expect(
            strategy.stderr.hasPrefix(
                "error: invalid value 'pcp' for '--strategy <name>'\n  hint: did you mean 'pct'?\n"))
        let replay = try cli.run(["explore", "Scenarios/search", "--replay", "x1.6df69030.1-3.2-1"])
        #expect(replay.status == 64)
        #expect(
            replay.stderr.hasPrefix("error: --replay replays one scenario's schedule, and 11 scenarios are selected\n"))
    }

    @Test func aReplayTokenWithAnOptionTheScenarioDoesNotHaveIsRefused() throws {
        // Given the search scenario whose token is x1.6df69030.1-3.2-1
        let cli = try Self.project()
        // When it is replayed with an option index no choice point has
        let replay = try cli.run([
            "explore", "Scenarios/search/responses-cross.json", "--replay", "x1.6df69030.1-999999",
        ])
        // Then the token is refused as a mistake, at the scenario, instead of passing in the default order
        #expect(replay.status == 65, "\(replay)")
        #expect(
            replay.stdout.contains(
                "Scenarios/search/responses-cross.json: error: the replay token x1.6df69030.1-999999 does not fit "
                    + "Scenarios/search/responses-cross.json: it takes option 999999 at choice point 1, which has 5 "
                    + "options (0 to 4)\n"))
    }

    @Test func aScheduleThatCrashesItsWorkerIsReportedWithTheTokenThatReplaysTheCrash() throws {
        // Given a ViewModel that crashes only when two same-instant blocks run the other way round
        let cli = try CLIProcess(fixture: "explore", executable: "rehearsal-fixtures")
        // When explored, Then the second schedule crashes the worker, and its token is reported with the command of
        // the executable as invoked
        let explored = try cli.run(["explore", "Scenarios"])
        #expect(explored.status == 1)
        #expect(explored.stdout.hasPrefix("CRASHED race-crash (Scenarios/race-crash.json)\n"))
        #expect(explored.stdout.contains("explored: schedule 2 fails (exhaustive (bound 2), after 1 passed)\n"))
        #expect(
            explored.stdout.contains(
                "  replay: rehearsal-fixtures explore Scenarios/race-crash.json --replay x1.1190c219.0-1\n"))
        // And replaying the token crashes again, while the default order passes
        let replayed = try cli.run(["explore", "Scenarios/race-crash.json", "--replay", "x1.1190c219.0-1"])
        #expect(replayed.status == 1)
        #expect(replayed.stdout.hasPrefix("CRASHED race-crash"))
        #expect(try cli.run(["run", "Scenarios"]).status == 0)
    }
}
