import ExampleCatalog
import Foundation
import RehearsalTesting
import XCTest

/// `assertScenarios(in:)` and `assertScenario(_:)` record one XCTest failure per failing scenario, at the scenario
/// file and the line of the step that caused it (an XCTest failure's file and line may name any file; Xcode, `swift
/// test` and CI annotations then point into the scenario).
final class AssertScenariosTests: XCTestCase {
    /// Failures recorded while `capturing`, instead of failing this test.
    private var captured: [(description: String, file: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard capturing else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured.append((description, filePath, lineNumber))
    }

    private func capture(_ body: () -> Void) -> [(description: String, file: String, line: Int)] {
        capturing = true
        captured = []
        body()
        capturing = false
        return captured
    }

    func testOneFailurePerFailingScenarioAtItsStepAndNothingWrittenUnderCI() throws {
        let project = try SearchProject()
        let testing = ScenarioTesting(catalog: exampleCatalog, root: project.root, environment: ["CI": "true"])

        let failures = capture { assertScenarios(in: "Scenarios/search", with: testing) }

        XCTAssertEqual(
            failures.map(\.file),
            [
                project.root + "/Scenarios/search/error.json",
                project.root + "/Scenarios/search/stale-request-cancelled.json",
            ])
        XCTAssertEqual(failures.map(\.line), [1, 12])
        // The failure's place is XCTest's (file and line above); the text does not repeat it
        XCTAssertEqual(
            failures.first?.description,
            "no golden timeline at Scenarios/search/error.timeline.json\n"
                + "  hint: record it locally with 'REHEARSAL_RECORD=missing swift test' (CI records nothing), review it "
                + "and commit it")
        let mismatch = failures.last?.description ?? ""
        XCTAssertTrue(
            mismatch.hasPrefix(
                "timeline differs from the golden Scenarios/search/stale-request-cancelled.timeline.json (compare: "
                    + "exact): 1 event changed\n"),
            mismatch)
        XCTAssertTrue(mismatch.contains(#"value[0].title: - "Using Combine!" + "Using Combine""#), mismatch)
        XCTAssertFalse(project.exists("Scenarios/search/error.timeline.json"))
        XCTAssertTrue(project.exists(".rehearsal/artifacts/Scenarios/search/stale-request-cancelled.timeline.json"))
    }

    /// The user never sees where scenarios ran: worker processes of a catalog executable (here the package's own
    /// `rehearsal`, built beside the tests) report exactly what runs in this process report.
    func testWorkerProcessesReportExactlyWhatInProcessRunsReport() throws {
        let inProcess = try SearchProject()
        let workers = try SearchProject()
        let environment = ["CI": "true"]

        let expected = capture {
            assertScenarios(
                in: "Scenarios/search",
                with: ScenarioTesting(catalog: exampleCatalog, root: inProcess.root, environment: environment))
        }
        let actual = capture {
            assertScenarios(
                in: "Scenarios/search",
                with: ScenarioTesting(
                    executable: "rehearsal", root: workers.root, runs: 3, jobs: 2, environment: environment))
        }

        XCTAssertEqual(actual.map(\.line), expected.map(\.line))
        XCTAssertEqual(
            actual.map { $0.file.replacingOccurrences(of: workers.root, with: "<root>") },
            expected.map { $0.file.replacingOccurrences(of: inProcess.root, with: "<root>") })
        XCTAssertEqual(actual.map(\.description), expected.map(\.description))
        XCTAssertEqual(actual.count, 2)
    }

    func testLocallyAMissingGoldenIsRecordedAndPasses() throws {
        let project = try SearchProject()
        let testing = ScenarioTesting(catalog: exampleCatalog, root: project.root, environment: [:])

        let failures = capture { assertScenario("Scenarios/search/error.json", with: testing) }

        XCTAssertEqual(failures.count, 0, "\(failures)")
        XCTAssertTrue(project.exists("Scenarios/search/error.timeline.json"))
    }

    func testAFolderWithoutScenariosFailsAtTheCall() throws {
        let project = try SearchProject()
        let testing = ScenarioTesting(catalog: exampleCatalog, root: project.root, environment: [:])
        let line = #line + 1
        let failures = capture { assertScenarios(in: "Scenarios/serch", with: testing) }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(failures.map(\.file), [#filePath])
        XCTAssertEqual(
            failures.first?.description,
            "no scenario files under 'Scenarios/serch' (in \(project.root))\n"
                + "  hint: check the folder name; it is relative to the package root")
    }

    /// A generated test of a scenario file removed since SwiftPM last planned a build: the hint regenerates the
    /// tests, not "check the file's permissions".
    func testAScenarioFileThatIsGoneSaysHowToGenerateTheTestsAgain() throws {
        let project = try SearchProject()
        let testing = ScenarioTesting(catalog: exampleCatalog, root: project.root, environment: [:])

        let failures = capture { assertScenario("Scenarios/search/removed.json", with: testing) }

        XCTAssertEqual(
            failures.map(\.description),
            [
                "no scenario file at Scenarios/search/removed.json\n  hint: if the test was generated for a file "
                    + "removed or renamed since, run 'swift build --build-tests', then 'swift test', to generate the "
                    + "tests of the files there are now; else check the path"
            ])
    }

    func testAMisspeltRecordModeFailsAtTheCall() throws {
        let project = try SearchProject()
        let testing = ScenarioTesting(
            catalog: exampleCatalog, root: project.root, environment: ["REHEARSAL_RECORD": "faild"])

        let failures = capture { assertScenario("Scenarios/search/error.json", with: testing) }

        XCTAssertEqual(
            failures.map(\.description),
            ["invalid value 'faild' for REHEARSAL_RECORD\n  hint: did you mean 'failed'?"])
        XCTAssertFalse(project.exists("Scenarios/search/error.timeline.json"))
    }

    func testAnExecutableThatIsNotBuiltFailsWithTheDependencyToAdd() {
        let testing = ScenarioTesting(executable: "team-rehearsal", environment: [:])

        let failures = capture { assertScenario("Scenarios/search/error.json", with: testing) }

        XCTAssertEqual(failures.count, 1)
        let text = failures.first?.description ?? ""
        XCTAssertTrue(text.hasPrefix("no executable 'team-rehearsal' beside the test binary (looked in "), text)
        XCTAssertTrue(
            text.hasSuffix(
                "  hint: add .target(name: \"team-rehearsal\") to the test target's dependencies, so that SwiftPM "
                    + "builds it with the tests"), text)
    }
}
