import Foundation
import Testing

@testable import RehearsalCLI

/// Reporters on synthetic reports: escaping, limits, colour and exit codes.
@Suite struct ReporterUnitTests {
    static func failing(_ index: Int, text: String = "boom") -> Verdict {
        var verdict = Verdict(path: "Scenarios/s\(index).json", name: "s\(index)", status: .failed)
        verdict.problems = [.init(headline: text, text: text, file: "Scenarios/s\(index).json", line: 3, column: 7)]
        return verdict
    }

    @Test func githubEscapesDataAndPropertiesAndCapsAnnotationsAtTen() {
        // Given twelve failures, the first with characters GitHub's command syntax reserves
        var verdicts = (1...12).map { Self.failing($0) }
        verdicts[0] = Self.failing(1, text: "50% a:b,c\r\nnext")
        verdicts[0].name = "a,b:c"
        let report = RunReport(verdicts: verdicts, obsoleteGoldens: [], strict: false, ci: true, wallTime: 1)
        // When the commands are rendered
        let commands = GitHubReporter.commands(report)
        // Then properties escape `:` and `,`, messages only `%`, CR, LF; the last two (by path) go into one notice
        #expect(commands.count == 12)
        #expect(
            commands[0]
                == "::error file=Scenarios/s1.json,line=3,col=7,title=a%2Cb%3Ac%3A failed::50%25 a:b,c%0D%0Anext")
        #expect(
            commands[10]
                == "::notice title=rehearsal%3A 2 more not annotated::GitHub shows 10 annotations; see the job log for: s8, s9"
        )
        #expect(commands[11] == "::notice title=rehearsal::12 scenarios: 0 passed, 12 failed in 1.00s")
    }

    @Test func markdownStaysUnderItsLimitWithANote() {
        // Given failures whose diffs together exceed the limit
        let verdicts = (1...20).map { index -> Verdict in
            var verdict = Self.failing(index)
            verdict.diff = String(repeating: "- old line\n+ new line\n", count: 50)
            return verdict
        }
        let report = RunReport(verdicts: verdicts, obsoleteGoldens: [], strict: false, ci: false, wallTime: 1)
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
        let report = RunReport(verdicts: [Self.failing(1)], obsoleteGoldens: [], strict: false, ci: false, wallTime: 1)
        let outputs = try [(true, [:]), (true, ["NO_COLOR": "1"]), (false, [:])].map { terminal, environment in
            let buffer = Buffer()
            try ConsoleReporter(write: buffer.append, isTerminal: terminal, environment: environment).finish(report)
            return buffer.text
        }
        #expect(
            outputs == [
                "\u{1B}[31mFAIL\u{1B}[0m s1 (Scenarios/s1.json)\nboom\n\u{1B}[31m1 scenario: 0 passed, 1 failed in 1.00s\u{1B}[0m\n",
                "FAIL s1 (Scenarios/s1.json)\nboom\n1 scenario: 0 passed, 1 failed in 1.00s\n",
                "FAIL s1 (Scenarios/s1.json)\nboom\n1 scenario: 0 passed, 1 failed in 1.00s\n",
            ])
    }

    @Test func consoleShowsProgressOnlyOnATerminal() {
        let verdicts = [Self.failing(1), Verdict(path: "Scenarios/s2.json", name: "s2", status: .passed)]
        let outputs = [true, false].map { terminal in
            let buffer = Buffer()
            let reporter = ConsoleReporter(write: buffer.append, isTerminal: terminal, environment: ["NO_COLOR": "1"])
            for (index, verdict) in verdicts.enumerated() { reporter.progress(verdict, done: index + 1, total: 2) }
            return buffer.text
        }
        #expect(outputs == ["\r\u{1B}[2K[1/2] s1\r\u{1B}[2K[2/2] s2\r\u{1B}[2K", ""])
    }

    @Test func exitCodes() {
        func code(
            _ statuses: [Verdict.Status], invalid: Bool = false, ci: Bool = false, obsolete: Bool = false,
            strict: Bool = false
        ) -> Int32 {
            let verdicts = statuses.enumerated().map { index, status in
                var verdict = Verdict(path: "s\(index).json", name: "s\(index)", status: status)
                verdict.invalid = invalid
                return verdict
            }
            return RunReport(
                verdicts: verdicts, obsoleteGoldens: obsolete ? ["gone.timeline.json"] : [], strict: strict, ci: ci,
                wallTime: 0
            ).exitCode
        }
        #expect(
            [
                code([.passed, .recorded]), code([.passed, .recorded], ci: true), code([.flaky]), code([.crashed]),
                code([.timedOut]), code([.failed], invalid: true), code([.passed], obsolete: true),
                code([.passed], obsolete: true, strict: true),
            ] == [0, 1, 1, 1, 1, 65, 0, 1])
    }

    @Test func ciIsDetectedFromTheUsualVariables() {
        #expect(
            [
                CIEnvironment.detect(in: [:]), CIEnvironment.detect(in: ["CI": "true"]),
                CIEnvironment.detect(in: ["CI": "false"]), CIEnvironment.detect(in: ["GITHUB_ACTIONS": "true"]),
                CIEnvironment.detect(in: ["JENKINS_URL": "http://ci"]),
            ] == [nil, "CI", nil, "GITHUB_ACTIONS", "JENKINS_URL"])
    }
}

/// Collects what a reporter writes.
final class Buffer: @unchecked Sendable {
    private(set) var text = ""

    func append(_ chunk: String) {
        text += chunk
    }
}
