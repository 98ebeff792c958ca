import Testing

/// Usage errors, help and exit codes of the built `rehearsal` executable.
@Suite struct CLIUsageTests {
    @Test func unknownOptionExits64WithDidYouMean() throws {
        // Given a project
        let cli = try CLIProcess(fixture: "project")
        // When an option is misspelt
        let outcome = try cli.run(["run", "--recrod", "all"])
        // Then the whole error, hint and usage line go to stderr with status 64
        #expect(
            outcome
                == .init(
                    status: 64, stdout: "",
                    stderr: """
                        error: unknown option '--recrod'
                          hint: did you mean '--record'?
                        usage: rehearsal run [options] [paths…]

                        """))
    }

    @Test func unknownCommandExits64WithDidYouMean() throws {
        let cli = try CLIProcess(fixture: "project")
        let outcome = try cli.run(["rn"])
        #expect(
            outcome
                == .init(
                    status: 64, stdout: "",
                    stderr: """
                        error: unknown command 'rn'
                          hint: did you mean 'run'?
                        usage: rehearsal <command> [options] [arguments]

                        """))
    }

    @Test(arguments: [
        (["run", "--jobs", "0"], "invalid value '0' for '--jobs <n>'", "give a whole number of 1 or more"),
        (["run", "--record", "mising"], "invalid value 'mising' for '--record <mode>'", "did you mean 'missing'?"),
        (
            ["run", "--reporter", "junit"], "reporter 'junit' needs a file",
            "write it as junit:PATH, such as junit:results"
        ),
        (
            ["run", "--shard", "3/2"], "invalid value '3/2' for '--shard <i/n>'",
            "write the shard as i/n with 1 <= i <= n, such as 1/3"
        ),
        (
            ["run", "--timeout", "soon"], "invalid value 'soon' for '--timeout <duration>'",
            "write a positive duration with a unit, such as 10s or 500ms"
        ),
        (["run", "--strict=yes"], "option '--strict' takes no value", "write '--strict' alone"),
        (
            ["run", "Scenarios/nowhere"], "no such file or folder: Scenarios/nowhere",
            "check the path; it is relative to <root>"
        ),
    ])
    func invalidValuesExit64(arguments: [String], message: String, hint: String) throws {
        let cli = try CLIProcess(fixture: "project")
        let outcome = try cli.run(arguments)
        let root = cli.directory.standardizedFileURL.path
        #expect(
            outcome
                == .init(
                    status: 64, stdout: "",
                    stderr: "error: \(message)\n  hint: \(hint.replacingOccurrences(of: "<root>", with: root))\n"
                        + "usage: rehearsal run [options] [paths…]\n"))
    }

    @Test func commandHelpComesFromItsDeclaration() throws {
        let cli = try CLIProcess(fixture: "project")
        let outcome = try cli.run(["list", "--help"])
        #expect(
            outcome
                == .init(
                    status: 0,
                    stdout: """
                        OVERVIEW: List the scenarios a run would select.

                        USAGE: rehearsal list [options] [paths…]

                        ARGUMENTS:
                          [paths…]                Scenario files or folders. Default: Scenarios/.

                        OPTIONS:
                          --filter <pattern>      Run scenarios whose name contains it, or matches it as a glob.
                          --shard <i/n>           Run only the i-th of n slices (1-based), balanced by the durations.
                          --durations <file>      Durations --shard balances by. Default: .rehearsal/durations.json.
                          --root <dir>            The package root scenario paths are relative to. Default: .
                          -h, --help              Show help for this command.

                        EXAMPLES:
                          # the scenarios of the second shard of four
                          rehearsal list --shard 2/4

                        """, stderr: ""))
    }

    @Test func topLevelHelpListsEveryVisibleCommand() throws {
        let cli = try CLIProcess(fixture: "project")
        let outcome = try cli.run(["--help"])
        let commands = outcome.stdout.components(separatedBy: "COMMANDS:\n").last?.components(separatedBy: "\n\n").first
        #expect(outcome.status == 0)
        #expect(
            commands == """
                  init        Set up Rehearsal in an app's repository: package, catalog, mocks, tests.
                  new         Write a starter scenario for a ViewModel, from what it shows of itself.
                  run         Run scenarios and compare their timelines with the goldens.
                  record      Run scenarios and (re)write their goldens (run --record all).
                  explore     Explore other schedules of scenarios and check their properties in each.
                  mutate      Change operators at run time and report which changes the scenarios notice.
                  accept      Make the timelines the last failing run kept the goldens, without re-running.
                  report      Write the HTML report of runs from their JSON results (merges shards).
                  list        List the scenarios a run would select.
                  validate    Play scenarios without comparing them; report mistakes in the files.
                  migrate     Rewrite golden timelines of older formats in the current format 3.
                  prune       Remove goldens whose scenario file no longer exists.
                  check-json  Parse JSON files strictly and report errors as file:line:column.
                """)
    }
}
