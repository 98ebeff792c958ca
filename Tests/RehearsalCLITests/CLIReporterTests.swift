import Foundation
import Testing

@testable import RehearsalCLI

/// Every reporter's output from one run of the built executable on a project with one invalid scenario.
@Suite struct CLIReporterTests {
    static let failureText = """
        Scenarios/typo.json:5:28: error: unknown input 'onTapAdButton' for ViewModel 'Counter'
            { "at": "0ms", "send": "onTapAdButton" }
                                   ^
          hint: did you mean 'onTapAddButton'? Inputs: onTapAddButton, onTapSubtractButton
        """
    static let headline = "Scenarios/typo.json:5:28: error: unknown input 'onTapAdButton' for ViewModel 'Counter'"
    /// The failure without its headline, which reports that show the headline elsewhere hold.
    static let details = failureText.split(separator: "\n").dropFirst().joined(separator: "\n")

    let cli: CLIProcess
    let outcome: CLIProcess.Outcome

    init() throws {
        cli = try CLIProcess(fixture: "invalid")
        outcome = try cli.run([
            "run", "--reporter", "github", "--reporter", "junit:reports/junit.xml", "--reporter", "json:reports/r.json",
            "--reporter", "markdown:reports/summary.md",
        ])
    }

    @Test func githubAnnotatesTheStepLineWithEscapedProperties() {
        // Given the console's report for the log (GitHub keeps it), then the annotations
        let message = Self.failureText.replacingOccurrences(of: "\n", with: "%0A")
        #expect(outcome.status == 65)
        #expect(
            CLIProcess.Outcome.normalize(outcome.stdout) == """
                FAIL typo (Scenarios/typo.json)
                \(Self.failureText)
                wrote reports/junit.xml (junit report)
                wrote reports/r.json (json report)
                wrote reports/summary.md (markdown report)
                2 scenarios: 1 passed, 1 failed in <time>
                ::error file=Scenarios/typo.json,line=5,col=28,title=typo%3A failed::\(message)
                ::notice title=rehearsal::2 scenarios: 1 passed, 1 failed in <time>

                """)
    }

    @Test func junitParsesBackWithOneTestcasePerScenario() throws {
        let (root, error) = XMLTree.parse(try cli.read("reports/junit.xml"))
        let suite = try #require(root?.children.first, "\(error ?? "")")
        let cases: [[String]] = suite.children.map { testcase in
            let attributes = ["classname", "name", "file"].map { testcase.attributes[$0] ?? "-" }
            return attributes
                + testcase.children.flatMap {
                    [$0.name, $0.attributes["message"] ?? "-", $0.attributes["type"] ?? "-", $0.text]
                }
        }
        #expect(suite.attributes["tests"] == "2" && suite.attributes["failures"] == "1")
        #expect(
            cases == [
                ["rehearsal", "add", "Scenarios/add.json"],
                ["rehearsal", "typo", "Scenarios/typo.json", "failure", Self.headline, "failed", Self.details],
            ])
    }

    @Test func jsonCarriesEveryVerdict() throws {
        let document = try cli.results("reports/r.json")
        #expect(document.summary.exitCode == 65)
        #expect(
            document.summary.counts == [
                "passed": 1, "failed": 1, "recorded": 0, "flaky": 0, "crashed": 0, "timedOut": 0,
            ])
        #expect(
            document.scenarios.map { [$0.name, $0.status.rawValue, $0.headline] } == [
                ["add", "passed", "passed"], ["typo", "failed", Self.headline],
            ])
        #expect(document.flaky == [] && document.obsoleteGoldens == [])
    }

    @Test func markdownHasATableAndTheFailureInADiffBlock() throws {
        let markdown = CLIProcess.Outcome.normalize(try cli.read("reports/summary.md"))
        #expect(
            markdown
                == """
                ## ❌ Rehearsal

                2 scenarios: 1 passed, 1 failed in <time>

                | Scenario | Status | Reason | Time |
                |---|---|---|---|
                | `typo` | failed | \(Self.headline) | <duration> |

                ### typo (failed)

                ```diff
                \(Self.details)
                ```


                """.replacingOccurrences(of: "<duration>", with: durationCell(markdown)))
    }

    @Test func markdownAppendsToTheGitHubStepSummary() throws {
        // Given a step summary another tool already wrote to
        let cli = try CLIProcess(fixture: "project")
        try cli.write("summary.md", "# Earlier step\n")
        let summary = cli.directory.appendingPathComponent("summary.md").path
        // When the run reports to the same file as $GITHUB_STEP_SUMMARY
        let outcome = try cli.run(
            ["run", "--reporter", "markdown:\(summary)"], environment: ["GITHUB_STEP_SUMMARY": summary])
        // Then the report is appended
        #expect(outcome.status == 0)
        #expect(
            CLIProcess.Outcome.normalize(try cli.read("summary.md")) == """
                # Earlier step
                ## ✅ Rehearsal

                3 scenarios: 3 passed in <time>


                """)
    }

    private func durationCell(_ markdown: String) -> String {
        let row = markdown.split(separator: "\n").first { $0.hasPrefix("| `typo`") } ?? ""
        return row.split(separator: "|").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }
}

/// Notes (a `"strict": false` scenario's end checks) are notes in every reporter: `note:` on the console, in
/// JUnit's `system-out`, in the Markdown summary, and `::notice` annotations on GitHub.
@Suite struct CLINoteReporterTests {
    static let scenario = """
        {
          "viewModel": "Contributors",
          "config": {"storeId": 42},
          "strict": false,
          "mocks": {
            "StoreRepository.fetchContributors": [
              {"after": "100ms", "return": {"items": [], "cursor": null}},
              {"after": "100ms", "return": {"items": [], "cursor": null}}
            ]
          },
          "steps": [{"send": "load"}]
        }

        """
    static let note = """
        Scenarios/notes/unused.json:8:7: note: scripted response 1 for StoreRepository.fetchContributors was not used (1 use left)
              {"after": "100ms", "return": {"items": [], "cursor": null}}
              ^
          hint: remove it, or find out why the ViewModel called StoreRepository.fetchContributors only 1 time
        """

    @Test func aPassingScenariosNotesAreNotesInEveryReporter() throws {
        // Given a recorded scenario that is not strict and leaves a scripted response unused
        let cli = try CLIProcess(fixture: "project")
        try cli.write("Scenarios/notes/unused.json", Self.scenario)
        _ = try cli.run(["record", "Scenarios/notes"])
        // When it runs on CI with every text reporter
        let outcome = try cli.run([
            "run", "Scenarios/notes", "--ci", "--reporter", "github", "--reporter", "junit:reports/junit.xml",
            "--reporter", "markdown:reports/summary.md",
        ])
        // Then it passes, and its note is a note on the console, in GitHub's annotations, in JUnit and in Markdown
        #expect(outcome.status == 0)
        #expect(
            CLIProcess.Outcome.normalize(outcome.stdout) == """
                PASS notes/unused (Scenarios/notes/unused.json)
                \(Self.note.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
                wrote reports/junit.xml (junit report)
                wrote reports/summary.md (markdown report)
                1 scenario: 1 passed in <time>
                ::notice file=Scenarios/notes/unused.json,line=8,col=7,title=notes/unused%3A note::\
                \(Self.note.replacingOccurrences(of: "\n", with: "%0A"))
                ::notice title=rehearsal::1 scenario: 1 passed in <time>

                """)
        let (root, _) = XMLTree.parse(try cli.read("reports/junit.xml"))
        #expect(root?.children.first?.children.first?.children.first?.text == Self.note)
        #expect(
            CLIProcess.Outcome.normalize(try cli.read("reports/summary.md")) == """
                ## ✅ Rehearsal

                1 scenario: 1 passed in <time>

                ### Notes

                `notes/unused` (passed):

                ```
                \(Self.note)
                ```


                """)
    }
}

/// The console always reports: a file reporter adds its file, and the console says where it was written.
@Suite struct CLIConsoleAlwaysReportsTests {
    @Test func anHTMLReportAloneKeepsTheConsoleAndSaysWhereTheReportIs() throws {
        let cli = try CLIProcess(fixture: "project")
        try CLIGoldenTests.changeAdd(cli)
        let outcome = try cli.run(["run", "Scenarios/counter/add.json", "--reporter", "html:report"])
        #expect(outcome.status == 1)
        let lines = outcome.normalizedStdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "FAIL counter/add (Scenarios/counter/add.json)")
        #expect(
            lines.suffix(3) == [
                "wrote report/index.html (html report)", "1 scenario: 0 passed, 1 failed in <time>", "",
            ])
        #expect(try cli.read("report/index.html").hasPrefix("<!doctype html>"))
    }

    @Test func quietKeepsOnlyWhereReportsAreAndTheSummary() throws {
        let cli = try CLIProcess(fixture: "project")
        try CLIGoldenTests.changeAdd(cli)
        let outcome = try cli.run([
            "run", "Scenarios/counter/add.json", "--quiet", "--reporter", "junit:out/junit.xml",
        ])
        #expect(outcome.status == 1)
        #expect(
            outcome.normalizedStdout == """
                wrote out/junit.xml (junit report)
                1 scenario: 0 passed, 1 failed in <time>

                """)
    }
}
