import ExampleCatalog
import Foundation
import RehearsalTesting
import Testing

/// Swift Testing runs test bodies off the main thread, in parallel: `ScenarioFile.check(with:)` runs the scenario
/// in this process there and records one issue located at the scenario file and step line (swift-testing's
/// `Issue.sourceLocation` may name any file).
@Suite struct ScenarioFileTests {
    @Test func aMismatchIsOneIssueAtTheStepThatCausedIt() async throws {
        let project = try SearchProject()
        let file = ScenarioFile(path: "Scenarios/search/stale-request-cancelled.json")
        #expect(file.name == "search/stale-request-cancelled")

        await withKnownIssue {
            await file.check(with: ScenarioTesting(catalog: exampleCatalog, root: project.root, environment: [:]))
        } matching: { issue in
            issue.sourceLocation?.fileName == "stale-request-cancelled.json" && issue.sourceLocation?.line == 12
                && issue.sourceLocation?.filePath == project.root + "/Scenarios/search/stale-request-cancelled.json"
                && issue.comments.first?.rawValue.hasPrefix(
                    "Scenarios/search/stale-request-cancelled.json:12:5: error: timeline differs from the golden")
                    == true
        }
    }

    @Test func scenariosOfAFolderAreSortedCasesNamedAfterTheScenario() throws {
        let project = try SearchProject()
        let files = Scenarios.in("Scenarios/search", root: project.root)
        #expect(files.map(\.name).first == "debounce-typing")
        #expect(files.map(\.path) == files.map(\.path).sorted())
        #expect(files.map(\.testDescription) == files.map(\.name))
        #expect(files.count == 11)
    }

    @Test func aMisspeltFolderIsOneCaseThatFails() async throws {
        let project = try SearchProject()
        let files = Scenarios.in("Scenarios/serch", root: project.root)
        #expect(files.map(\.name) == ["Scenarios/serch"])

        await withKnownIssue {
            await files[0].check(with: ScenarioTesting(catalog: exampleCatalog, environment: [:]))
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "error: no scenario files under 'Scenarios/serch' (in \(project.root))\n"
                    + "  hint: check the folder name; it is relative to the package root"
            ]
        }
    }

    @Test func nothingToRunWithIsAnIssueAtTheTest() async {
        await withKnownIssue {
            await ScenarioFile(path: "Scenarios/search/error.json").check(with: ScenarioTesting(environment: [:]))
        } matching: { issue in
            issue.sourceLocation?.fileName == "ScenarioFileTests.swift"
                && issue.comments.map(\.rawValue) == [
                    "error: ScenarioTesting has no catalog and no executable to run scenarios with\n"
                        + "  hint: give ScenarioTesting(catalog:) your catalog, or executable: the name of your catalog "
                        + "executable"
                ]
        }
    }
}
