import Foundation
import Rehearsal
import ScenarioJSON
import Testing

@testable import RehearsalCLI

/// Reporters on synthetic reports: escaping, limits, colour and exit codes.
@Suite struct ReporterUnitTests {
    static func failing(_ index: Int, text: String = "boom", kind: Finding.Kind = .mock) -> ScenarioOutcome {
        let location = SourceLocation(path: "Scenarios/s\(index).json", line: 3, column: 7)
        return ScenarioOutcome(
            name: "s\(index)", path: "Scenarios/s\(index).json", status: .failed,
            findings: [Finding(kind, Diagnostic(location: location, message: text))])
    }

    @Test func githubEscapesDataAndPropertiesAndCapsAnnotationsAtTen() {
        // Given twelve failures, the first with characters GitHub's command syntax reserves
        var outcomes = (1...12).map { Self.failing($0) }
        outcomes[0] = Self.failing(1, text: "50% a:b,c\r\nnext")
        outcomes[0].name = "a,b:c"
        let report = RunReport(
            outcomes: outcomes, obsoleteGoldens: [], strict: false, ci: .detected(by: "CI"), wallTime: 1)
        // When the commands are rendered
        let commands = GitHubReporter.commands(report)
        // Then properties escape `:` and `,`, messages only `%`, CR, LF; the last two (by path) go into one notice
        #expect(commands.count == 12)
        #expect(
            commands[0]
                == "::error file=Scenarios/s1.json,line=3,col=7,title=a%2Cb%3Ac%3A failed::Scenarios/s1.json:3:7: "
                + "error: 50%25 a:b,c%0D%0Anext")
        #expect(
            commands[10]
                == "::notice title=rehearsal%3A 2 more errors not annotated::GitHub shows 10 error annotations per "
                + "step. Not annotated: s8, s9. See the step summary (--reporter markdown:$GITHUB_STEP_SUMMARY) or "
                + "the job log for all of them.")
        #expect(commands[11] == "::notice title=rehearsal::12 scenarios: 0 passed, 12 failed in 1.00s")
    }

    @Test func githubKeepsEveryAnnotationWithinItsLimits() {
        // Given 9,990 failures, the first with a megabyte of text, and 30 obsolete goldens
        var outcomes = (1...9_990).map { Self.failing($0) }
        outcomes[0] = Self.failing(1, text: String(repeating: "- old line\n+ new line\n", count: 50_000))
        let obsolete = (1...30).map { "Scenarios/gone\($0).timeline.json" }
        let report = RunReport(
            outcomes: outcomes, obsoleteGoldens: obsolete, strict: false, ci: .detected(by: "CI"), wallTime: 1)
        // When the commands are rendered
        let commands = GitHubReporter.commands(report)
        // Then GitHub's limits hold: at most 10 errors, 10 warnings and 10 notices per step, 50 in all, and no
        // command carries more than a few kilobytes; the rest is counted and pointed to
        #expect(commands.count { $0.hasPrefix("::error ") } == 10)
        #expect(commands.count { $0.hasPrefix("::warning ") } == 10)
        #expect(commands.count { $0.hasPrefix("::notice ") } == 3)
        #expect(commands.count <= 50)
        #expect(commands.allSatisfy { $0.utf8.count < 5_000 })
        #expect(
            commands[20]
                == "::notice title=rehearsal%3A 9980 more errors not annotated::GitHub shows 10 error annotations per "
                + "step. Not annotated: s1007, s1008, s1009, s101, s1010 and 9975 more. See the step summary "
                + "(--reporter markdown:$GITHUB_STEP_SUMMARY) or the job log for all of them.")
        #expect(commands[0].hasSuffix("%0A… (cut; the job log has the rest)"))
    }

    @Test func markdownStaysUnderItsLimitWithANote() {
        // Given failures whose texts together exceed the limit
        let outcomes = (1...20).map { index in
            Self.failing(index, text: String(repeating: "- old line\n+ new line\n", count: 50))
        }
        let report = RunReport(outcomes: outcomes, obsoleteGoldens: [], strict: false, ci: .local, wallTime: 1)
        // When the summary is limited to 4,000 bytes
        let markdown = MarkdownReporter.document(report, limit: 4_000)
        // Then it is cut at a whole section, below the limit, and says so
        #expect(markdown.utf8.count <= 4_000)
        #expect(
            markdown.hasSuffix(
                "\n> Truncated to stay under GitHub's 1 MiB step summary limit; see the job log for the rest.\n"))
        #expect(
            markdown.components(separatedBy: "```diff").count - 1 == markdown.components(separatedBy: "\n```\n").count
                - 1)
    }

    @Test func junitEscapesMarkupAndControlCharacters() {
        #expect(
            JUnitReporter.escape("a<b & \"c\" 'd'>\u{1B}[31m\n")
                == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;\u{FFFD}[31m\n")
        #expect(JUnitReporter.escape("one\ntwo", attribute: true) == "one&#10;two")
    }

    @Test func consoleColoursOnlyOnATerminalWithoutNoColor() throws {
        let report = RunReport(outcomes: [Self.failing(1)], obsoleteGoldens: [], strict: false, ci: .local, wallTime: 1)
        let outputs = try [(true, [:]), (true, ["NO_COLOR": "1"]), (false, [:])].map { terminal, environment in
            let buffer = Buffer()
            try ConsoleReporter(write: buffer.append, isTerminal: terminal, environment: environment).finish(report)
            return buffer.text
        }
        #expect(
            outputs == [
                "\u{1B}[31mFAIL\u{1B}[0m s1 (Scenarios/s1.json)\nScenarios/s1.json:3:7: error: boom\n"
                    + "\u{1B}[31m1 scenario: 0 passed, 1 failed in 1.00s\u{1B}[0m\n",
                "FAIL s1 (Scenarios/s1.json)\nScenarios/s1.json:3:7: error: boom\n1 scenario: 0 passed, 1 failed in 1.00s\n",
                "FAIL s1 (Scenarios/s1.json)\nScenarios/s1.json:3:7: error: boom\n1 scenario: 0 passed, 1 failed in 1.00s\n",
            ])
    }

    @Test func consoleShowsProgressOnlyOnATerminal() {
        let outcomes = [Self.failing(1), ScenarioOutcome(name: "s2", path: "Scenarios/s2.json", status: .passed)]
        let outputs = [true, false].map { terminal in
            let buffer = Buffer()
            let reporter = ConsoleReporter(write: buffer.append, isTerminal: terminal, environment: ["NO_COLOR": "1"])
            for (index, outcome) in outcomes.enumerated() { reporter.progress(outcome, done: index + 1, total: 2) }
            return buffer.text
        }
        #expect(outputs == ["\r\u{1B}[2K[1/2] s1\r\u{1B}[2K[2/2] s2\r\u{1B}[2K", ""])
    }

    /// A log line (a scenario with `"recordLogs": true`) is drawn on a lane of its own per log category, after the
    /// callbacks, labelled with its level, in the report and in the trace.
    @Test func logLinesHaveALanePerCategory() {
        let event = TimelineEvent(
            at: .zero, seq: 0, kind: .log(level: "info", subsystem: nil, category: "feed", message: "m"), cause: .setup)
        let uncategorised = TimelineEvent(
            at: .zero, seq: 1, kind: .log(level: "error", subsystem: nil, category: nil, message: "m"), cause: .setup)

        #expect([event.kind.label, uncategorised.kind.label] == [.log, .log])
        #expect([event.port, event.kind.name, uncategorised.port] == ["feed", "info", "default"])
        #expect(TraceLanes.group(.log).map { TraceLanes.groupNames[$0] } == "log")
    }

    @Test func exitCodes() {
        func code(
            _ statuses: [ScenarioOutcome.Status], invalid: Bool = false, ci: Bool = false, obsolete: Bool = false,
            strict: Bool = false, interruption: Int32? = nil
        ) -> Int32 {
            let outcomes = statuses.enumerated().map { index, status in
                var outcome = Self.failing(index, kind: invalid ? .invalid : .mock)
                outcome.status = status
                if status == .passed || status == .recorded { outcome.findings = [] }
                return outcome
            }
            return RunReport(
                outcomes: outcomes, obsoleteGoldens: obsolete ? ["gone.timeline.json"] : [], strict: strict,
                ci: ci ? .detected(by: "CI") : .local,
                wallTime: 0, interruption: interruption
            ).exitCode
        }
        #expect(
            [
                code([.passed, .recorded]), code([.passed, .recorded], ci: true), code([.flaky]), code([.crashed]),
                code([.timedOut]), code([.failed], invalid: true), code([.passed], obsolete: true),
                code([.passed], obsolete: true, strict: true), code([.passed, .failed], invalid: true),
                code([.passed], interruption: SIGINT), code([.failed], interruption: SIGTERM),
            ] == [0, 1, 1, 1, 1, 65, 0, 1, 65, 130, 143])
    }

    @Test func ciIsDetectedFromTheUsualVariables() {
        #expect(
            [
                ContinuousIntegration(environment: [:]), ContinuousIntegration(environment: ["CI": "true"]),
                ContinuousIntegration(environment: ["CI": "false"]),
                ContinuousIntegration(environment: ["GITHUB_ACTIONS": "true"]),
                ContinuousIntegration(environment: ["JENKINS_URL": "http://ci"]),
            ] == [.local, .detected(by: "CI"), .local, .detected(by: "GITHUB_ACTIONS"), .detected(by: "JENKINS_URL")])
    }
}

/// Collects what a reporter writes.
final class Buffer: @unchecked Sendable {
    private(set) var text = ""

    func append(_ chunk: String) {
        text += chunk
    }
}

/// The report's steps say what each step does: a `set` step sets its property to its value.
@Suite struct ReportStepTests {
    @Test func aSetStepIsReportedAsSettingItsProperty() throws {
        // Given a scenario that sets a property, then sends an input and waits
        let text = """
            {"viewModel": "Query", "steps": [{"set": "query", "value": "swift"}, {"at": "1s", "send": "load"},
             {"wait": "1s"}]}
            """
        let document = try JSONFileResolver(root: "/").parse(text, path: "a.json")
        let scenario = try ScenarioLoader(root: "/").scenario(from: document, name: "a")

        // When the report's steps are derived, Then the set step is marked, its value given, the others as before
        let steps = ReportAdapter.steps(of: scenario)
        #expect(steps.map(\.sets) == [true, false, false])
        #expect(steps.map(\.input) == ["query", "load", nil])
        #expect(steps.map(\.value) == [#""swift""#, nil, nil])
        #expect(HTMLReportData.step(steps[0]).objectValue?["sets"] == .bool(true))
        #expect(HTMLReportData.step(steps[1]).objectValue?["sets"] == nil)
    }
}
