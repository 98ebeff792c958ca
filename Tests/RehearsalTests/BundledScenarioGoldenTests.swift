import ExampleCatalog
import Foundation
import Rehearsal
import XCTest

/// Every bundled scenario under `Scenarios/` passes against its committed golden timeline. To record goldens for
/// new scenarios, run `rehearsal record` (or this test with `REHEARSAL_RECORD=missing`) and review them.
final class BundledScenarioGoldenTests: XCTestCase {
    func testEveryBundledScenarioMatchesItsGolden() throws {
        let root = Fixtures.packageRoot
        let runner = ScenarioRunner(catalog: exampleCatalog, loader: ScenarioLoader(root: root))
        let mode = ProcessInfo.processInfo.environment["REHEARSAL_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .never
        // Artifacts of mismatches go to a temporary folder so that a failing test leaves the package untouched.
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("rehearsal-artifacts-\(getpid())")
        let check = GoldenCheck(store: GoldenStore(root: root, artifactsFolder: artifacts.path), mode: mode)
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let paths = ScenarioSchemaTests.bundledScenarios()
        XCTAssertGreaterThanOrEqual(paths.count, 25)
        for path in paths {
            let outcome = check.check(runner.run(file: path))
            // Under a record mode a scenario may also be recorded; it never fails.
            let allowed: [ScenarioOutcome.Status] = mode == .never ? [.passed] : [.passed, .recorded]
            XCTAssertTrue(allowed.contains(outcome.status), "\(path): \(outcome.status)\n\(outcome.text)")
        }
    }
}
