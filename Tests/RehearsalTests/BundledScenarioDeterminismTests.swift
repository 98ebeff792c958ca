import ExampleCatalog
import Foundation
import Rehearsal
import XCTest

/// Determinism is the product: every bundled scenario, run 200 times in one process, gives the same timeline bytes
/// every time.
final class BundledScenarioDeterminismTests: XCTestCase {
    func testEveryBundledScenarioGivesIdenticalTimelinesOverTwoHundredRuns() throws {
        let root = Fixtures.packageRoot
        let loader = ScenarioLoader(root: root)
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: loader)
        let paths = ScenarioSchemaTests.bundledScenarios()
        XCTAssertGreaterThanOrEqual(paths.count, 25)
        for path in paths {
            let scenario = try loader.load(path)
            let first = runner.run(scenario)
            XCTAssertEqual(first.findings.map(\.description), [], path)
            let expected = try XCTUnwrap(first.timeline?.canonicalText, path)
            var differing = 0
            for _ in 1..<200 where runner.run(scenario).timeline?.canonicalText != expected {
                differing += 1
            }
            XCTAssertEqual(differing, 0, "\(path): \(differing) of 200 runs gave another timeline")
        }
    }
}
