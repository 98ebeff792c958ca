import Foundation
import Testing

@testable import RehearsalCLI

/// Goldens through the built executable: diffs, record modes, CI detection and `accept`.
@Suite struct CLIGoldenTests {
    /// The project's `counter/add` scenario, changed to start at 2 so its timeline no longer matches the golden.
    static func changeAdd(_ cli: CLIProcess) throws {
        let text = try cli.read("Scenarios/counter/add.json")
        try cli.write(
            "Scenarios/counter/add.json",
            text.replacingOccurrences(of: "\"initialCount\": 1", with: "\"initialCount\": 2"))
    }

    static let diff = """
        First divergence at 0.000s, caused by setup: state "state" changed.

        @@ setup @@
        ~ {"at": "0.000s", "state": "state", "value": {"count": 1}}
            value.count: - 1 + 2
          {"at": "0.000s", "input": "onTapAddButton"}
        @@ step 0 (Scenarios/counter/add.json:5) @@
        ~ {"at": "0.000s", "state": "state", "value": {"count": 2}}
            value.count: - 2 + 3
          {"at": "1.000s", "input": "onTapAddButton"}
        @@ step 1 (Scenarios/counter/add.json:6) @@
        ~ {"at": "1.000s", "state": "state", "value": {"count": 3}}
            value.count: - 3 + 4
        """

    @Test func aChangedTimelineFailsWithItsDiffAndAcceptPromotesIt() throws {
        // Given a scenario whose timeline changed
        let cli = try CLIProcess(fixture: "project")
        try Self.changeAdd(cli)
        // When it runs, then its kept timeline is accepted, then it runs again
        let failing = try cli.run(["run", "--reporter", "console", "--reporter", "junit:junit.xml"])
        let accept = try cli.run(["accept"])
        let again = try cli.run(["run"])
        // Then the failure shows the diff, accept promotes the kept timeline, and the run passes
        #expect(failing.status == 1)
        #expect(
            failing.normalizedStdout == """
                FAIL counter/add (Scenarios/counter/add.json)
                Scenarios/counter/add.json: error: timeline differs from the golden Scenarios/counter/add.timeline.json \
                (compare: exact): 3 events changed
                  hint: fix the ViewModel if the difference is a regression; if it is intended, run 'rehearsal accept \
                Scenarios/counter/add.json' (the run's timeline is kept at \
                .rehearsal/artifacts/Scenarios/counter/add.timeline.json), or 'rehearsal run --record failed \
                Scenarios/counter/add.json'
                \(Self.diff)
                wrote junit.xml (junit report)
                3 scenarios: 2 passed, 1 failed in <time>

                """)
        let junit = XMLTree.parse(try cli.read("junit.xml")).root
        let failure = junit?.children.first?.children.first?.children.first
        #expect(
            failure?.attributes["message"]
                == "Scenarios/counter/add.json: error: timeline differs from the golden "
                + "Scenarios/counter/add.timeline.json (compare: exact): 3 events changed")
        #expect(failure?.text.hasSuffix(Self.diff) == true)
        #expect(
            [accept, again.normalized]
                == [
                    .init(
                        status: 0,
                        stdout: "accepted Scenarios/counter/add.timeline.json\naccepted 1 golden; review and commit\n",
                        stderr: ""),
                    .init(status: 0, stdout: "3 scenarios: 3 passed in <time>\n", stderr: ""),
                ])
    }

    @Test func migrateRewritesFormatOneGoldensAndTheRunStillPasses() throws {
        // Given the project's counter/add golden in timeline format 1
        let cli = try CLIProcess(fixture: "project")
        let v2 = try cli.read("Scenarios/counter/add.timeline.json")
        let v1 = """
            {"scenario": "counter/add", "events": [
              {"at": "0ms", "seq": 0, "state": "state", "value": {"count": 1}},
              {"at": "0ms", "seq": 1, "input": "onTapAddButton"},
              {"at": "0ms", "seq": 2, "state": "state", "value": {"count": 2}},
              {"at": "1s", "seq": 3, "input": "onTapAddButton"},
              {"at": "1s", "seq": 4, "state": "state", "value": {"count": 3}}
            ]}

            """
        try cli.write("Scenarios/counter/add.timeline.json", v1)
        // When it runs, then migrate looks (dry run), migrates, migrates again, and it runs again
        let before = try cli.run(["run", "--filter", "add"])
        let dryRun = try cli.run(["migrate", "--dry-run"])
        let untouched = try cli.read("Scenarios/counter/add.timeline.json")
        let migrate = try cli.run(["migrate"])
        let again = try cli.run(["migrate", "Scenarios/counter/add.json"])
        let after = try cli.run(["run", "--filter", "add"])
        // Then the format 1 golden passed, migrate rewrote only it (the same events in format 3), and it passes still
        #expect(
            before.normalized
                == .init(
                    status: 0,
                    stdout: """
                        note: 1 golden is in timeline format 1
                          hint: run 'rehearsal migrate' to rewrite it in format 3 (the same events), then commit
                        1 scenario: 1 passed in <time>

                        """, stderr: ""))
        #expect(untouched == v1)
        #expect(
            [dryRun, migrate, again]
                == [
                    .init(
                        status: 0,
                        stdout: "would migrate Scenarios/counter/add.timeline.json (format 1 → 3)\n"
                            + "1 of 3 goldens would be migrated to format 3 (dry run: nothing written)\n",
                        stderr: ""),
                    .init(
                        status: 0,
                        stdout: "migrated Scenarios/counter/add.timeline.json (format 1 → 3)\n"
                            + "migrated 1 of 3 goldens to format 3; the events are unchanged: review and commit\n",
                        stderr: ""),
                    .init(status: 0, stdout: "migrated 0 of 1 golden to format 3\n", stderr: ""),
                ])
        #expect(try cli.read("Scenarios/counter/add.timeline.json") == v2)
        #expect(after.normalized == .init(status: 0, stdout: "1 scenario: 1 passed in <time>\n", stderr: ""))
    }

    @Test func recordPlaysEachScenarioTwiceAndWritesNothingWhenTheRunsDiffer() throws {
        // Given a scenario whose ViewModel stamps its state with UUID()
        let cli = try CLIProcess(fixture: "isolation", executable: "rehearsal-fixtures")
        try cli.write(
            "Scenarios/fixture/stamp.json", #"{"viewModel": "Stamp", "steps": [{"at": "0ms", "send": "stamp"}]}"# + "\n"
        )
        // When it is recorded through a worker
        let outcome = try cli.run(["record", "Scenarios/fixture/stamp.json"])
        // Then the differing value is reported at its step with the mask that fits it, and no golden is written
        let stdout = outcome.normalizedStdout.replacing(
            try Regex("[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}"), with: "<UUID>")
        #expect(outcome.status == 1)
        #expect(
            stdout == """
                FAIL fixture/stamp (Scenarios/fixture/stamp.json)
                Scenarios/fixture/stamp.json:1:34: error: state "state" at 0.000s: value differs between two runs (a UUID?): \
                "<UUID>" in the first, "<UUID>" in the second
                {"viewModel": "Stamp", "steps": [{"at": "0ms", "send": "stamp"}]}
                                                 ^
                  hint: mask it ("mask": [{"state": "state", "path": "value", "as": "uuid"}]) or inject the source, \
                then record again
                1 scenario: 0 passed, 1 failed in <time>

                """)
        #expect(!cli.exists("Scenarios/fixture/stamp.timeline.json"))
        #expect(!cli.exists(".rehearsal/artifacts/Scenarios/fixture/stamp.timeline.json"))
    }

    @Test func hintsNameTheTeamsOwnCommandAndOnCISayHowToUpdateLocally() throws {
        // Given a team executable (here rehearsal-fixtures) and a golden the run no longer matches
        let cli = try CLIProcess(fixture: "isolation", executable: "rehearsal-fixtures")
        let golden = try cli.read("Scenarios/fixture/ok.timeline.json")
        try cli.write("Scenarios/fixture/ok.timeline.json", golden.replacingOccurrences(of: "3}}", with: "4}}"))
        // When it runs locally, and on CI
        let local = try cli.run(["run", "Scenarios/fixture/ok.json"])
        let ci = try cli.run(["run", "Scenarios/fixture/ok.json", "--ci"])
        // Then the hint names the executable as invoked: locally what to run, on CI how to update the golden locally
        let hints = [local, ci].map { outcome in
            outcome.stdout.split(separator: "\n").first { $0.hasPrefix("  hint: ") }.map(String.init) ?? ""
        }
        #expect(
            hints == [
                "  hint: fix the ViewModel if the difference is a regression; if it is intended, run "
                    + "'rehearsal-fixtures accept Scenarios/fixture/ok.json' (the run's timeline is kept at "
                    + ".rehearsal/artifacts/Scenarios/fixture/ok.timeline.json), or 'rehearsal-fixtures run --record "
                    + "failed Scenarios/fixture/ok.json'",
                "  hint: fix the ViewModel if the difference is a regression; if it is intended, update the golden "
                    + "locally with 'rehearsal-fixtures run --record failed Scenarios/fixture/ok.json', review it and "
                    + "commit it",
            ])
    }

    @Test func anUnreadableGoldenIsAnnotatedWhereItBreaks() throws {
        // Given a golden with a syntax error
        let cli = try CLIProcess(fixture: "project")
        try cli.write(
            "Scenarios/counter/add.timeline.json", "{\"version\": 3, \"scenario\": \"counter/add\", \"events\": [}\n")
        // When the scenario runs with the GitHub reporter
        let outcome = try cli.run(["run", "--filter", "add", "--reporter", "github"])
        // Then the annotation points at the golden's line and column, after the console's report for the log
        let console = """
            FAIL counter/add (Scenarios/counter/add.json)
            Scenarios/counter/add.timeline.json:1:54: error: expected a value, found '}'
            {"version": 3, "scenario": "counter/add", "events": [}
                                                                 ^
              hint: write a value: an object, array, string, number, true, false or null
            1 scenario: 0 passed, 1 failed in <time>

            """
        #expect(
            outcome.normalized
                == .init(
                    status: 1,
                    stdout: console
                        + "::error file=Scenarios/counter/add.timeline.json,line=1,col=54,title=counter/add%3A failed::"
                        + "Scenarios/counter/add.timeline.json:1:54: error: expected a value, found '}'%0A"
                        + "{\"version\": 3, \"scenario\": \"counter/add\", \"events\": [}%0A"
                        + String(repeating: " ", count: 53) + "^%0A"
                        + "  hint: write a value: an object, array, string, number, true, false or null\n"
                        + "::notice title=rehearsal::1 scenario: 0 passed, 1 failed in <time>\n",
                    stderr: ""))
    }

    @Test func recordModesDecideWhatIsWritten() throws {
        // Given a changed scenario and a new one without a golden
        let cli = try CLIProcess(fixture: "project")
        try Self.changeAdd(cli)
        try cli.write("Scenarios/counter/new.json", try cli.read("Scenarios/counter/reset.json"))
        // When it runs with never, then missing, then failed
        let never = try cli.run(["run", "--record", "never", "--reporter", "json:never.json"])
        let missing = try cli.run(["run", "--record", "missing", "--reporter", "json:missing.json"])
        let failed = try cli.run(["run", "--record", "failed", "--reporter", "json:failed.json"])
        // Then never writes nothing, missing writes only the new golden, failed rewrites the changed one
        let statuses = try ["never.json", "missing.json", "failed.json"].map { path in
            try cli.results(path).scenarios
                .map { "\($0.name): \($0.status.rawValue)" }
        }
        #expect([never.status, missing.status, failed.status] == [1, 1, 0])
        #expect(
            statuses == [
                ["counter/add: failed", "counter/new: failed", "counter/reset: passed", "counter/subtract: passed"],
                ["counter/add: failed", "counter/new: recorded", "counter/reset: passed", "counter/subtract: passed"],
                ["counter/add: recorded", "counter/new: passed", "counter/reset: passed", "counter/subtract: passed"],
            ])
    }

    @Test func ciNeverRecordsByDefaultAndFailsWhenItIsToldTo() throws {
        // Given a scenario without a golden
        let cli = try CLIProcess(fixture: "project")
        try cli.write("Scenarios/counter/new.json", try cli.read("Scenarios/counter/reset.json"))
        // When it runs under CI (detected, or --ci) with the default record mode, then with --record missing
        let byDefault = try cli.run(["run", "--filter", "new"], environment: ["CI": "true"])
        let flag = try cli.run(["run", "--filter", "new", "--ci"])
        let wroteNothing = !cli.exists("Scenarios/counter/new.timeline.json")
        let told = try cli.run(
            ["run", "--filter", "new", "--record", "missing"], environment: ["GITHUB_ACTIONS": "true"])
        // Then the default fails for the missing golden, and a golden recorded under CI fails the run too
        #expect(wroteNothing)
        #expect(
            [byDefault.normalized, flag.normalized, told.normalized]
                == [
                    .init(
                        status: 1,
                        stdout: """
                            FAIL counter/new (Scenarios/counter/new.json)
                            Scenarios/counter/new.json:1: error: no golden timeline at Scenarios/counter/new.timeline.json
                              hint: record it locally with 'rehearsal record Scenarios/counter/new.json' (CI records \
                            nothing), review it and commit it
                            1 scenario: 0 passed, 1 failed in <time>

                            """, stderr: ""),
                    .init(
                        status: 1,
                        stdout: """
                            FAIL counter/new (Scenarios/counter/new.json)
                            Scenarios/counter/new.json:1: error: no golden timeline at Scenarios/counter/new.timeline.json
                              hint: record it locally with 'rehearsal record Scenarios/counter/new.json' (CI records \
                            nothing), review it and commit it
                            1 scenario: 0 passed, 1 failed in <time>

                            """, stderr: ""),
                    .init(
                        status: 1,
                        stdout: """
                            RECORDED counter/new (Scenarios/counter/new.json)
                              Scenarios/counter/new.timeline.json: note: recorded a new golden timeline; review it \
                            and commit it
                            error: goldens were recorded under CI; nobody has reviewed them
                              hint: record locally with 'rehearsal record', review the goldens and commit them
                            1 scenario: 0 passed, 1 recorded in <time>

                            """, stderr: ""),
                ])
    }
}

extension CLIProcess.Outcome {
    /// The outcome with wall times normalized in stdout.
    var normalized: CLIProcess.Outcome { .init(status: status, stdout: normalizedStdout, stderr: stderr) }
}
