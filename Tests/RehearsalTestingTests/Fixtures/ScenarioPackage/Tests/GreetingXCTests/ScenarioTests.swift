import GreetingCatalog
import RehearsalTesting
import XCTest

/// One test per scenario under Scenarios/ (the RehearsalScenarioTests plugin writes them), run in this process.
final class ScenarioTests: XCTestCase, ScenarioTestCase {
    static let scenarioTesting = ScenarioTesting(catalog: greetingCatalog)
}

/// Without the plugin: one test for the whole folder, one failure per failing scenario.
final class FolderTests: XCTestCase {
    func testScenarios() {
        assertScenarios(in: "Scenarios", catalog: greetingCatalog)
    }
}
