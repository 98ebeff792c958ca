import ExampleCatalog
import Rehearsal
import XCTest

final class SmokeTests: XCTestCase {
    func testPrintTimeline() throws {
        let path = ProcessInfo.processInfo.environment["SCENARIO"] ?? "Scenarios/contributors/load-and-paginate.json"
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: root))
        let result = runner.run(file: path)
        print(result.timeline?.canonicalText ?? "no timeline")
        for failure in result.failures { print("FAIL", failure) }
        for note in result.notes { print("NOTE", note) }
    }
}
