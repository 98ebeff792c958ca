import ExampleCatalog
import Foundation
import Rehearsal
import XCTest

/// Prints the timelines of the scenarios named in `SCENARIO` (paths separated by commas), for a person to read.
/// Without `SCENARIO` it does nothing.
final class SmokeTests: XCTestCase {
    func testPrintTimelines() throws {
        guard let list = ProcessInfo.processInfo.environment["SCENARIO"] else { return }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: root))
        for path in list.split(separator: ",").map(String.init) {
            let result = runner.run(file: path)
            print("== \(path)")
            print(result.timeline?.canonicalText ?? "no timeline")
            for failure in result.findings { print("FAIL", failure) }
            for note in result.notes { print("NOTE", note) }
        }
    }
}
