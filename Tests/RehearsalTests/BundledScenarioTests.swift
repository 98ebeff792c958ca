import ExampleCatalog
import Rehearsal
import RehearsalTesting
import XCTest

/// Every bundled scenario under `Scenarios/` is a test of its own — the RehearsalScenarioTests plugin generates one
/// `test_…` method per scenario file — that must match its committed golden and give the same timeline bytes on
/// 200 runs in one process (determinism is the product). `REHEARSAL_RECORD` sets the record mode, as for any team.
final class BundledScenarioTests: XCTestCase, ScenarioTestCase {
    static let scenarioTesting = ScenarioTesting(catalog: exampleCatalog, runs: 200)

    /// The generated tests are exactly the bundled scenario files, as the loader finds them.
    func testThereIsOneGeneratedTestPerBundledScenario() {
        let scenarios = ScenarioLoader(root: Fixtures.packageRoot).scenarioFiles(under: "Scenarios")
        XCTAssertGreaterThanOrEqual(scenarios.count, 25)
        XCTAssertEqual(Self.generatedScenarioPaths, scenarios)
    }
}
