import Foundation
import Rehearsal
import ScenarioJSON
import Testing

@testable import RehearsalCLI

/// A flood of findings of one kind (every scripted response unused, every key unknown) is summarised for people —
/// the first 20 of each kind in full, then one line counting the rest and saying where they are — while the files
/// machines read (`--reporter json`, JUnit) keep every finding.
@Suite struct CLIFloodTests {
    /// A Contributors scenario with `count` scripted responses no call uses (the ViewModel is never sent `load`),
    /// one per line from line 5.
    static func unusedResponses(_ count: Int) -> String {
        let responses = (0..<count).map { _ in #"    {"return": {"items": [], "cursor": null}}"# }
        return """
            {
              "viewModel": "Contributors", "config": {"storeId": 42},
              "mocks": {
                "StoreRepository.fetchContributors": [
            \(responses.joined(separator: ",\n"))
                ]
              },
              "steps": []
            }

            """
    }

    static let countingLine =
        "… and 80 more end-check findings, at Scenarios/flood.json lines 25–104 (--reporter json or junit lists "
        + "every one)"

    @Test func aHundredUnusedResponsesPrintTwentyThenOneLineButTheReportFilesKeepAll() throws {
        // Given a scenario with 100 scripted responses, none used
        let cli = try CLIProcess(fixture: "project")
        try cli.write("Scenarios/flood.json", Self.unusedResponses(100))
        // When it runs with the console, JSON and JUnit reporters
        let outcome = try cli.run([
            "run", "Scenarios/flood.json", "--reporter", "console", "--reporter", "json:reports/r.json",
            "--reporter", "junit:reports/junit.xml",
        ])
        // Then the console shows responses 0 to 19 in full, then one line for the 80 others, where they are
        #expect(outcome.status == 1)
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        let shown = lines.filter { $0.contains("error: scripted response") }
        #expect(shown.count == 20)
        #expect(shown.first?.hasPrefix("Scenarios/flood.json:5:5: error: scripted response 0 for ") == true)
        #expect(shown.last?.hasPrefix("Scenarios/flood.json:24:5: error: scripted response 19 for ") == true)
        #expect(lines.filter { $0 == Self.countingLine }.count == 1)
        #expect(lines.suffix(4).first == Self.countingLine)
        // And the JSON results and the JUnit failure hold all 100
        let results = try cli.results("reports/r.json")
        #expect(results.scenarios.first?.findings.count == 100)
        let junit = try cli.read("reports/junit.xml")
        #expect(junit.components(separatedBy: "was not used (1 use left)").count - 1 == 100)
        #expect(!junit.contains("more end-check findings"))
    }

    @Test func validateSummarisesAFloodAsRunDoes() throws {
        // Given the same scenario
        let cli = try CLIProcess(fixture: "project")
        try cli.write("Scenarios/flood.json", Self.unusedResponses(100))
        // When it is validated
        let outcome = try cli.run(["validate", "Scenarios/flood.json"])
        // Then the problems are 20 in full and the counting line, as `run` prints them
        #expect(outcome.status == 1)
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("error: scripted response") }.count == 20)
        #expect(lines.last == Self.countingLine)
    }

    @Test func tenThousandUnknownKeysPrintTwentyAndOneCountingLine() throws {
        // Given a scenario with 10,000 unknown keys, one per line from line 3
        let cli = try CLIProcess(fixture: "project")
        let keys = (0..<10_000).map { #"  "unknown\#($0)": \#($0),"# }.joined(separator: "\n")
        try cli.write(
            "Scenarios/keys.json", "{\n  \"viewModel\": \"Counter\",\n\(keys)\n  \"steps\": []\n}\n")
        // When it runs
        let outcome = try cli.run(["run", "Scenarios/keys.json"])
        // Then 20 are shown, the rest counted at their lines, and the whole output stays small
        #expect(outcome.status == 65)
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("error: unknown key") }.count == 20)
        #expect(
            lines.contains(
                "… and 9980 more mistakes in the file, at Scenarios/keys.json lines 23–10002 (--reporter json or "
                    + "junit lists every one)"))
        #expect(outcome.stdout.utf8.count < 10_000)
    }

    @Test func gitHubAnnotationsAndTheMarkdownSummaryCarryTheSummarisedText() throws {
        // Given the flood
        let cli = try CLIProcess(fixture: "project")
        try cli.write("Scenarios/flood.json", Self.unusedResponses(100))
        // When it runs with the GitHub and Markdown reporters
        let outcome = try cli.run([
            "run", "Scenarios/flood.json", "--reporter", "github", "--reporter", "markdown:reports/summary.md",
        ])
        // Then the annotation shows 5 findings (it must fit in 4,000 characters) and the line counting the rest, and
        // the summary 20 and its counting line
        let annotation = try #require(outcome.stdout.split(separator: "\n").first { $0.hasPrefix("::error ") })
        #expect(annotation.components(separatedBy: "error: scripted response").count - 1 == 5)
        #expect(
            annotation.hasSuffix(
                GitHubReporter.data(
                    "\n… and 95 more end-check findings, at Scenarios/flood.json lines 10–104 (--reporter json or "
                        + "junit lists every one)")))
        let summary = try cli.read("reports/summary.md")
        #expect(summary.components(separatedBy: "error: scripted response").count - 1 == 20)
        #expect(summary.contains(Self.countingLine))
    }

    @Test func theHTMLReportShowsTwentyProblemsOfAKindThenOneCountingTheRest() {
        // Given an outcome with 100 end-check findings, one per line
        let findings = (0..<100).map { index in
            Finding(
                .endCheck,
                Diagnostic(
                    location: SourceLocation(path: "Scenarios/flood.json", line: 5 + index, column: 5),
                    message: "scripted response \(index) for StoreRepository.fetchContributors was not used"))
        }
        let outcome = ScenarioOutcome(
            name: "flood", path: "Scenarios/flood.json", status: .failed, findings: findings)
        // When the report's scenario is made from it
        let scenario = ReportAdapter(root: "/nonexistent").scenario(outcome)
        // Then it lists the first 20 and one problem counting the other 80, where they are
        #expect(scenario.problems.count == 21)
        #expect(
            scenario.problems[19].headline.hasSuffix(
                "scripted response 19 for StoreRepository.fetchContributors was not used"))
        #expect(scenario.problems.last?.headline == Self.countingLine)
    }
}
