import Foundation
import Testing

@testable import RehearsalCLI

/// `run`, `list`, `validate`, `prune` and `check-json` on fixture projects, through the built executable.
@Suite struct CLIRunTests {
    @Test func passingScenariosExit0WithASummary() throws {
        let cli = try CLIProcess(fixture: "project")
        let outcome = try cli.run(["run"])
        #expect(outcome.status == 0)
        #expect(outcome.normalizedStdout == "3 scenarios: 3 passed in <time>\n")
        #expect(outcome.stderr == "")
    }

    @Test func invalidScenarioExits65WithItsLocatedError() throws {
        let cli = try CLIProcess(fixture: "invalid")
        let outcome = try cli.run(["run"])
        #expect(
            CLIProcess.Outcome(status: outcome.status, stdout: outcome.normalizedStdout, stderr: outcome.stderr)
                == .init(
                    status: 65,
                    stdout: """
                        FAIL typo (Scenarios/typo.json)
                        Scenarios/typo.json:5:28: error: unknown input 'onTapAdButton' for ViewModel 'Counter'
                            { "at": "0ms", "send": "onTapAdButton" }
                                                   ^
                          hint: did you mean 'onTapAddButton'? Inputs: onTapAddButton, onTapSubtractButton
                        2 scenarios: 1 passed, 1 failed in <time>

                        """, stderr: ""))
    }

    @Test func aFailingEndCheckShowsWhereTheTimelineGotTo() throws {
        let cli = try CLIProcess(fixture: "endcheck")
        let outcome = try cli.run(["run", "--record", "never"])
        #expect(
            CLIProcess.Outcome(status: outcome.status, stdout: outcome.normalizedStdout, stderr: outcome.stderr)
                == .init(
                    status: 1,
                    stdout: """
                        FAIL unused (Scenarios/unused.json)
                        Scenarios/unused.json:7:7: error: scripted response 1 for StoreRepository.fetchContributors \
                        was not used (1 use left)
                              { "after": "100ms", "return": { "items": [], "cursor": null } }
                              ^
                          hint: remove it, or find out why the ViewModel called StoreRepository.fetchContributors \
                        only 1 time
                        last timeline events:
                          {"at": "0.000s", "input": "load"}
                          {"at": "0.000s", "call": "StoreRepository.fetchContributors", "args": \
                        {"storeId": 42, "cursor": null}}
                          {"at": "0.100s", "response": "StoreRepository.fetchContributors", "index": 0}
                          {"at": "0.100s", "call": "LogManager.log", "args": {"event": "contributors_loaded", \
                        "parameters": {"count": "0", "storeId": "42"}}}
                          {"at": "0.100s", "output": "items", "value": []}
                        1 scenario: 0 passed, 1 failed in <time>

                        """, stderr: ""))
    }

    /// A send heard by two subscribers (a ViewModel bound twice) makes two calls at once; when neither finds a
    /// response they miss for the same reason, by the same step at the same time, and the console says so once.
    @Test func twoCallsThatMissTheirResponseTogetherAreReportedOnce() throws {
        // Given a ViewModel bound twice and two uses of a response for the method both subscribers call
        let cli = try CLIProcess(fixture: "doublebind", executable: "rehearsal-fixtures")
        // When two sends make four calls
        let outcome = try cli.run(["run", "--record", "never"])
        // Then step 1's two calls without a response are reported once, beside the double bind
        #expect(
            CLIProcess.Outcome(status: outcome.status, stdout: outcome.normalizedStdout, stderr: outcome.stderr)
                == .init(
                    status: 1,
                    stdout: Self.boundTwice(
                        hint: #"add another response, or "times": N or "repeat": true to the last one"#),
                    stderr: ""))
    }

    /// A golden is recorded only from a run whose script answered every call, so when the script of a scenario with a
    /// golden no longer fits, the hint says the ViewModel may have regressed before it says how to change the script.
    @Test func aScriptThatNoLongerFitsAScenarioWithAGoldenSaysTheViewModelMayHaveRegressed() throws {
        // Given the golden recorded when the ViewModel bound once (two sends, two calls answered)
        let cli = try CLIProcess(fixture: "doublebind", executable: "rehearsal-fixtures")
        try cli.write(
            "Scenarios/twice.timeline.json",
            """
            {"version": 3, "scenario": "twice", "events": [
              {"at": "0.000s", "output": "messages", "value": []},
              {"at": "0.000s", "input": "markAllRead"},
              {"at": "0.000s", "call": "InboxRepository.markAllRead"},
              {"at": "0.100s", "response": "InboxRepository.markAllRead", "index": 0},
              {"at": "0.100s", "output": "status", "value": "all read"},
              {"at": "0.100s", "callback": "banner"},
              {"at": "1.000s", "input": "markAllRead"},
              {"at": "1.000s", "call": "InboxRepository.markAllRead"},
              {"at": "1.100s", "response": "InboxRepository.markAllRead", "index": 0},
              {"at": "1.100s", "output": "status", "value": "all read"},
              {"at": "1.100s", "callback": "banner"}
            ]}

            """)
        // When it runs now that the ViewModel is bound twice (four calls)
        let outcome = try cli.run(["run"])
        // Then the calls no response answered say to fix the ViewModel, or to script them and record again
        #expect(
            CLIProcess.Outcome(status: outcome.status, stdout: outcome.normalizedStdout, stderr: outcome.stderr)
                == .init(
                    status: 1,
                    stdout: Self.boundTwice(
                        hint: "fix the ViewModel if the extra call of InboxRepository.markAllRead is a regression (the "
                            + "script fitted it when the golden was recorded, unless the scenario changed since); if "
                            + #"it is intended, add another response, or "times": N or "repeat": true to the last "#
                            + "one, then run 'rehearsal-fixtures record Scenarios/twice.json'"),
                    stderr: ""))
    }

    /// What `run` prints for the double-bind fixture, whose second send's calls find no response (with `hint`).
    static func boundTwice(hint: String) -> String {
        """
        FAIL twice (Scenarios/twice.json)
        Scenarios/twice.json:8:5: error: the only scripted response for InboxRepository.markAllRead was used (call \
        made by step 1 at 1.000s)
            { "at": "1s", "send": "markAllRead" }
            ^
          mock key: Scenarios/twice.json:4:5
          hint: \(hint)
        Scenarios/twice.json:7:5: error: input 'markAllRead' was heard by 2 subscribers: the ViewModel had subscribed \
        1 when it was made and subscribed 1 more when it was bound, so each send is handled 2 times
            { "send": "markAllRead" },
            ^
          hint: bind it once: a ViewModel whose init binds (a base class that calls bind()) needs no .bind { … } in \
        the catalog
        last timeline events:
          {"at": "0.100s", "output": "status", "value": "all read"}
          {"at": "0.100s", "callback": "banner"}
          {"at": "0.100s", "response": "InboxRepository.markAllRead", "index": 0}
          {"at": "0.100s", "output": "status", "value": "all read"}
          {"at": "0.100s", "callback": "banner"}
          {"at": "1.000s", "input": "markAllRead"}
          {"at": "1.000s", "call": "InboxRepository.markAllRead"}
          {"at": "1.000s", "call": "InboxRepository.markAllRead"}
        1 scenario: 0 passed, 1 failed in <time>

        """
    }

    @Test func validateChecksInputsWithoutRunning() throws {
        let cli = try CLIProcess(fixture: "invalid")
        let outcome = try cli.run(["validate"])
        #expect(
            outcome
                == .init(
                    status: 65, stdout: "validated 2 scenarios: 1 valid, 1 invalid\n",
                    stderr: """
                        Scenarios/typo.json:5:28: error: unknown input 'onTapAdButton' for ViewModel 'Counter'
                            { "at": "0ms", "send": "onTapAdButton" }
                                                   ^
                          hint: did you mean 'onTapAddButton'? Inputs: onTapAddButton, onTapSubtractButton

                        """))
    }

    @Test func validatePlaysTheScenariosAndReportsMistakesRunAloneWouldFind() throws {
        // Given scenarios that load, but script a method the ViewModel does not call, send a value of the wrong type,
        // and match an argument the method does not take
        let cli = try CLIProcess(fixture: "project")
        try cli.write(
            "Scenarios/wrong/method.json",
            """
            {
              "viewModel": "User",
              "mocks": {
                "UserService.fetchUser": [{"after": "350ms", "return": {"id": "u1", "name": "Kim"}}],
                "UserService.fetchUsr": [{"after": "350ms", "return": {"id": "u2", "name": "Lee"}}]
              },
              "steps": [{"send": "loadUser", "value": "u1"}]
            }

            """)
        // and script a method under a name too far from the method's for a typo, which only a run's calls reveal
        try cli.write(
            "Scenarios/wrong/renamed.json",
            """
            {
              "viewModel": "User",
              "mocks": {"UserService.loadUser": [{"after": "350ms", "return": {"id": "u1", "name": "Kim"}}]},
              "steps": [{"send": "loadUser", "value": "u1"}]
            }

            """)
        try cli.write(
            "Scenarios/wrong/value.json", #"{"viewModel": "Search", "steps": [{"send": "query", "value": 42}]}"# + "\n")
        try cli.write(
            "Scenarios/wrong/when.json",
            """
            {
              "viewModel": "Contributors",
              "config": {"storeId": 42},
              "mocks": {"StoreRepository.fetchContributors": [{"when": {"storId": 42}, "return": {"items": [], "cursor": null}}]},
              "steps": [{"send": "load"}]
            }

            """)
        // When they are validated
        let outcome = try cli.run(["validate", "Scenarios/wrong"])
        // Then each mistake is reported once, located, and the command exits 65; no golden is written
        #expect(
            outcome
                == .init(
                    status: 65, stdout: "validated 4 scenarios: 0 valid, 4 invalid\n",
                    stderr: """
                        Scenarios/wrong/method.json:5:5: error: unknown mock method 'UserService.fetchUsr': the \
                        ViewModel never called it, and called UserService.fetchUser 1 time
                            "UserService.fetchUsr": [{"after": "350ms", "return": {"id": "u2", "name": "Lee"}}]
                            ^
                          hint: did you mean 'UserService.fetchUser'?
                        Scenarios/wrong/renamed.json:3:13: error: unknown mock method 'UserService.loadUser': the \
                        ViewModel called UserService.fetchUser (by step 0 at 0.000s), which no response is scripted for
                          "mocks": {"UserService.loadUser": [{"after": "350ms", "return": {"id": "u1", "name": "Kim"}}]},
                                    ^
                          hint: rename 'UserService.loadUser' to 'UserService.fetchUser'
                        Scenarios/wrong/value.json:1:62: error: steps[0].value: expected a string, found the integer 42
                        {"viewModel": "Search", "steps": [{"send": "query", "value": 42}]}
                                                                                     ^
                          hint: write the value in double quotes
                        Scenarios/wrong/when.json:4:71: error: 'when' names the argument 'storId', which \
                        StoreRepository.fetchContributors does not take
                          "mocks": {"StoreRepository.fetchContributors": [{"when": {"storId": 42}, "return": {"items": [], "cursor": null}}]},
                                                                                              ^
                          hint: did you mean 'storeId'? Arguments: storeId, cursor

                        """))
        #expect(!cli.exists("Scenarios/wrong/method.timeline.json"))
    }

    @Test func listAppliesFilterAndShardInSortedOrder() throws {
        let cli = try CLIProcess(fixture: "project")
        let shard = try cli.run(["list", "--shard", "1/2"])
        let filter = try cli.run(["list", "--filter", "counter/s*"])
        #expect(
            [shard, filter]
                == [
                    .init(
                        status: 0,
                        stdout: "counter/add  Scenarios/counter/add.json\n"
                            + "counter/subtract  Scenarios/counter/subtract.json\n2 scenarios\n", stderr: ""),
                    .init(
                        status: 0, stdout: "counter/subtract  Scenarios/counter/subtract.json\n1 scenario\n", stderr: ""
                    ),
                ])
    }

    @Test func obsoleteGoldensIgnoreFilterAndShardAndFailUnderStrict() throws {
        // Given a golden without a scenario, beside goldens of scenarios that a filter or shard leaves out
        let cli = try CLIProcess(fixture: "project")
        try cli.write(
            "Scenarios/counter/gone.timeline.json", "{\"version\": 3, \"scenario\": \"counter/gone\", \"events\": []}\n"
        )
        // When runs select a subset
        let filtered = try cli.run(["run", "--filter", "add", "--record", "never", "--reporter", "json:out/f.json"])
        let sharded = try cli.run(["run", "--shard", "2/2", "--record", "never", "--reporter", "json:out/s.json"])
        let strict = try cli.run(["run", "--filter", "add", "--record", "never", "--strict"])
        // Then only the golden without a scenario is obsolete, and only --strict fails the run for it
        let obsolete = try ["out/f.json", "out/s.json"].map { path in
            try cli.results(path).obsoleteGoldens
        }
        #expect(obsolete == [["Scenarios/counter/gone.timeline.json"], ["Scenarios/counter/gone.timeline.json"]])
        #expect([filtered.status, sharded.status, strict.status] == [0, 0, 1])
        #expect(
            CLIProcess.Outcome.normalize(strict.stdout) == """
                error: 1 obsolete golden(s) without a scenario file:
                  Scenarios/counter/gone.timeline.json
                  hint: run 'rehearsal prune' to remove them
                1 scenario: 1 passed, 1 obsolete golden in <time>

                """)
    }

    @Test func pruneRemovesOnlyObsoleteGoldens() throws {
        let cli = try CLIProcess(fixture: "project")
        try cli.write(
            "Scenarios/counter/gone.timeline.json",
            "{\"version\": 3, \"scenario\": \"counter/gone\", \"events\": [\n]}\n")
        try cli.write("Scenarios/counter/add.timeline.json", "{}\n")
        let dryRun = try cli.run(["prune", "--dry-run"])
        let existedAfterDryRun = cli.exists("Scenarios/counter/gone.timeline.json")
        let prune = try cli.run(["prune"])
        #expect(
            [dryRun, prune]
                == [
                    .init(
                        status: 0,
                        stdout: "would remove Scenarios/counter/gone.timeline.json\n"
                            + "1 obsolete golden (dry run: nothing removed)\n", stderr: ""),
                    .init(
                        status: 0, stdout: "removed Scenarios/counter/gone.timeline.json\n1 obsolete golden\n",
                        stderr: ""),
                ])
        #expect(existedAfterDryRun)
        #expect(!cli.exists("Scenarios/counter/gone.timeline.json"))
        #expect(cli.exists("Scenarios/counter/add.timeline.json"))
    }

    @Test func checkJSONReportsLocatedSyntaxErrors() throws {
        let cli = try CLIProcess(fixture: "project")
        try cli.write("Mocks/bad.json", "{\"a\": 1,}\n")
        let outcome = try cli.run(["check-json", "Mocks"])
        #expect(outcome.status == 65)
        #expect(outcome.stdout == "checked 1 JSON file: 0 valid, 1 invalid\n")
        #expect(outcome.stderr.hasPrefix("Mocks/bad.json:1:9: error: "))
    }
}
