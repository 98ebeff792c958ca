import ExampleCatalog
import Foundation
import Rehearsal
import ScenarioJSON
import XCTest

/// Runs the scenarios named in `SCENARIO` (paths separated by commas; by default one bundled scenario of each seed
/// style), prints their timelines for a person to read, and checks each ran without findings and recorded exactly
/// its committed golden.
final class SmokeTests: XCTestCase {
    static let defaultScenarios = [
        "Scenarios/contributors/load-and-paginate.json", "Scenarios/counter/add-and-subtract.json",
        "Scenarios/search/stale-request-cancelled.json",
    ]

    func testPrintedTimelinesAreTheGoldens() throws {
        let list = ProcessInfo.processInfo.environment["SCENARIO"].map { $0.split(separator: ",").map(String.init) }
        let root = Fixtures.packageRoot
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: root))
        let store = GoldenStore(root: root)
        for path in list ?? Self.defaultScenarios {
            let outcome = runner.run(file: path)
            print("== \(path)")
            print(outcome.timeline?.canonicalText ?? "no timeline")
            for finding in outcome.findings + outcome.notes { print(finding) }
            XCTAssertEqual(outcome.findings.map(\.description), [], path)
            let golden = try String(
                contentsOfFile: store.absolute(store.goldenPath(forScenario: PathName(path))).description,
                encoding: .utf8)
            XCTAssertEqual(outcome.timeline?.canonicalText, golden, path)
        }
    }
}
