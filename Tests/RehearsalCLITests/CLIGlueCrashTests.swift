import Foundation
import Testing

/// A crash in the team's glue (a catalog factory, a scripted mock) is reported as the glue's, with where it stopped,
/// not as the ViewModel's.
@Suite struct CLIGlueCrashTests {
    @Test func aCrashInTheGlueIsAttributedToTheGlueWithItsPlace() throws {
        // Given a factory that calls fatalError, and a mock asserting the main queue called from a background queue
        let cli = try CLIProcess(fixture: "glue", executable: "rehearsal-fixtures")

        // When they run
        let outcome = try cli.run(["run", "--reporter", "console"])

        // Then each crash names the glue: the factory's file and line from the runtime's message, the mock's method
        // from the scenario thread's assertion (and where the ViewModel called it from)
        let factoryLine = Self.line(
            of: "fatalError(\"the factory gave up", in: "Sources/rehearsal-fixtures/GlueCrashFixtures.swift")
        let callLine = Self.line(
            of: "repository.messages(folder:", in: "Tests/RunnerFixtures/Collaborators/InboxViewModel.swift")
        let root = Self.packageRoot.path
        #expect(outcome.status == 1)
        #expect(
            outcome.normalizedStdout == """
                CRASHED factory (Scenarios/factory.json)
                Scenarios/factory.json: error: crashed with SIGILL (illegal instruction: fatalError, precondition or \
                force unwrap), in the catalog's glue
                  crashed in the glue at: rehearsal_fixtures/GlueCrashFixtures.swift:\(factoryLine)
                  hint: fix the crash in the catalog's glue (the factory or a mock) at \
                rehearsal_fixtures/GlueCrashFixtures.swift:\(factoryLine); the other scenarios ran on a fresh worker
                worker output:
                  rehearsal_fixtures/GlueCrashFixtures.swift:\(factoryLine): Fatal error: the factory gave up on purpose
                CRASHED mock (Scenarios/mock.json)
                Scenarios/mock.json:8:13: error: crashed with SIGABRT (abort) during step 0, in the catalog's glue \
                (protocol witness for InboxRepository.messages(folder:) in conformance InboxRepositoryMock)
                  "steps": [{ "at": "1s", "send": "refreshInBackground" }]
                            ^
                  hint: fix the crash in the catalog's glue (the factory or a mock) in protocol witness for \
                InboxRepository.messages(folder:) in conformance InboxRepositoryMock; the other scenarios ran on a \
                fresh worker
                worker output:
                  BUG IN CLIENT OF LIBDISPATCH: Block was expected to execute on the main queue (scenario thread, \
                running work of another queue or of the default executor) in protocol witness for \
                InboxRepository.messages(folder:) in conformance InboxRepositoryMock, called from \
                \(root)/Tests/RunnerFixtures/Collaborators/InboxViewModel.swift:\(callLine)
                last timeline events:
                  {"at": "0.000s", "output": "messages", "value": []}
                  {"at": "1.000s", "input": "refreshInBackground"}
                2 scenarios: 0 passed, 2 crashed in <time>

                """)
    }

    /// The package's folder (this file is in Tests/RehearsalCLITests).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The line of the first line of `file` (relative to the package) that contains `text`.
    static func line(of text: String, in file: String) -> Int {
        let source = packageRoot.appendingPathComponent(file)
        let lines = (try? String(contentsOf: source, encoding: .utf8))?.components(separatedBy: "\n") ?? []
        return (lines.firstIndex { $0.contains(text) } ?? -1) + 1
    }
}
