import Foundation
import ScenarioJSON
import Testing

@testable import RehearsalCLI

/// Balanced shards end to end: runs write the durations, shards plan from them, and `rehearsal report` merges the
/// shards' results into one report and the durations of all of them, refusing shards that were cut from different
/// plans.
@Suite struct CLIShardTests {
    /// 24 scenarios of the Counter, `Scenarios/suite/s00.json` … `s23.json`, with their goldens recorded.
    static func suite() throws -> CLIProcess {
        let cli = try CLIProcess(fixture: "project")
        for index in 0..<24 {
            try cli.write(String(format: "Scenarios/suite/s%02d.json", index), CLIHostileInputTests.counter)
        }
        let recorded = try cli.run(["record", "Scenarios/suite", "--jobs", "2"])
        #expect(recorded.status == 0, "\(recorded)")
        return cli
    }

    /// Durations in which every 3rd scenario takes a second and the others 10 ms: 8 slow ones, all in shards 1, 4
    /// and 7 of 8 when counting.
    static let skewed = ScenarioDurations(
        microseconds: Dictionary(
            uniqueKeysWithValues: (0..<24).map {
                (String(format: "Scenarios/suite/s%02d.json", $0), $0 % 3 == 0 ? 1_000_000 : 10_000)
            }))

    @Test func aRunWritesTheDurationsAndAShardedRunWritesNone() throws {
        // Given a project whose suite was recorded (a run without --shard)
        let cli = try Self.suite()
        // Then the run wrote how long each scenario took
        let written = try ScenarioDurations.read(Array(try cli.read(".rehearsal/durations.json").utf8), path: "d")
        #expect(written.microseconds.keys.sorted() == (0..<24).map { String(format: "Scenarios/suite/s%02d.json", $0) })
        // When a sharded run runs
        let before = try cli.read(".rehearsal/durations.json")
        let shard = try cli.run(["run", "Scenarios/suite", "--shard", "1/2", "--record", "never"])
        // Then it plans from those durations, says so, and leaves them as they were for the shards after it
        #expect(shard.status == 0, "\(shard)")
        #expect(shard.stdout.contains("note: shard 1/2: "), "\(shard)")
        #expect(
            shard.stdout.contains(
                " of 24 scenarios, balanced by the durations in .rehearsal/durations.json of 24 of them: "), "\(shard)")
        #expect(try cli.read(".rehearsal/durations.json") == before)
    }

    @Test func eightShardsHoldEveryScenarioOnceAndTheReportMergesThemAndTheirDurations() throws {
        // Given a suite, and skewed durations in a file every shard is given
        let cli = try Self.suite()
        try cli.write("durations.json", Self.skewed.text)
        // When 8 shards list and run their scenarios with their JSON results
        var listed: [String] = []
        for index in 1...8 {
            let list = try cli.run([
                "list", "Scenarios/suite", "--shard", "\(index)/8", "--durations", "durations.json",
            ])
            #expect(list.status == 0, "\(list)")
            listed += list.stdout.split(separator: "\n").filter { $0.hasPrefix("suite/") }.map(String.init)
            let run = try cli.run([
                "run", "Scenarios/suite", "--shard", "\(index)/8", "--durations", "durations.json", "--record",
                "never", "--reporter", "json:results-\(index).json", "--quiet",
            ])
            #expect(run.status == 0, "\(run)")
        }
        // Then the shards' lists together are the suite, each scenario once, and each shard has one slow scenario
        #expect(listed.sorted() == (0..<24).map { String(format: "suite/s%02d  Scenarios/suite/s%02d.json", $0, $0) })
        for index in 1...8 {
            let results = try cli.results("results-\(index).json")
            #expect(results.scenarios.count == 3)
            #expect(results.scenarios.count { Self.skewed.microseconds[$0.path.description] == 1_000_000 } == 1)
            #expect(results.shard?.basis == "durations")
        }
        // When one report is made of the 8 results
        try? FileManager.default.removeItem(at: cli.directory.appendingPathComponent(".rehearsal"))
        let report = try cli.run(["report", "merged"] + (1...8).map { "results-\($0).json" })
        // Then it holds the 24 scenarios, and the merged durations of all of them are written
        #expect(report.status == 0, "\(report)")
        #expect(
            report.stdout == "wrote merged/index.html (24 scenarios)\nwrote .rehearsal/durations.json (the durations "
                + "of 24 scenarios, which --shard balances by)\n")
        let merged = try ScenarioDurations.read(Array(try cli.read(".rehearsal/durations.json").utf8), path: "d")
        #expect(merged.microseconds.count == 24)
    }

    @Test func theReportRefusesShardsCutFromDifferentPlansAndNamesAMissingShard() throws {
        // Given shard 1 of 2 planned from skewed durations and shard 2 of 2 by counting
        let cli = try Self.suite()
        try cli.write("durations.json", Self.skewed.text)
        try? FileManager.default.removeItem(at: cli.directory.appendingPathComponent(".rehearsal"))
        for (index, extra) in [(1, ["--durations", "durations.json"]), (2, [])] {
            let run = try cli.run(
                [
                    "run", "Scenarios/suite", "--shard", "\(index)/2", "--record", "never", "--quiet", "--reporter",
                    "json:results-\(index).json",
                ] + extra)
            #expect(run.status == 0, "\(run)")
        }
        // When the report merges them, and when it is given one shard only
        let mixed = try cli.run(["report", "merged", "results-1.json", "results-2.json"])
        let alone = try cli.run(["report", "merged", "results-1.json"])
        // Then the first says the plans differ and some scenarios ran twice, and both fail
        let plans = try (1...2).map { try cli.results("results-\($0).json").shard?.plan ?? "" }
        #expect(mixed.status == 1, "\(mixed)")
        let hint = "  hint: give every shard the same scenario files and the same --durations file\n"
        #expect(
            mixed.stderr
                == "error: the shards were cut from different plans (results-1.json: shard 1/2 of plan \(plans[0]); "
                + "results-2.json: shard 2/2 of plan \(plans[1])), so some scenarios may have run in two shards and "
                + "others in none\n" + hint + "error: 4 of the 24 selected scenarios ran in no shard\n" + hint
                + ["01", "07", "13", "19"].map {
                    "Scenarios/suite/s\($0).json: error: the scenario ran in two shards (results-1.json and "
                        + "results-2.json); the report shows the second\n" + hint
                }.joined(), "\(mixed)")
        #expect(alone.status == 1, "\(alone)")
        #expect(
            alone.stderr == "error: no results of shard 2/2: the report lacks its scenarios\n"
                + "  hint: give the JSON results of every shard\n", "\(alone)")
    }

    @Test func aDurationsFileThatIsMissingOrUnreadableIsRefused() throws {
        let cli = try CLIProcess(fixture: "project")
        try cli.write("bad.json", "{\"version\": 1, \"microseconds\": {\"Scenarios/a.json\": \"slow\"}}\n")
        let missing = try cli.run(["run", "--shard", "1/2", "--durations", "none.json"])
        let bad = try cli.run(["list", "--shard", "1/2", "--durations", "bad.json"])
        #expect(missing.status == 64, "\(missing)")
        #expect(
            missing.stderr == "error: no such file: none.json\n  hint: give the durations a run or 'rehearsal report' "
                + "wrote (.rehearsal/durations.json)\nusage: rehearsal run [options] [paths…]\n")
        #expect(bad.status == 1, "\(bad)")
        #expect(bad.stderr.hasPrefix("bad.json:1:"), "\(bad)")
    }
}
