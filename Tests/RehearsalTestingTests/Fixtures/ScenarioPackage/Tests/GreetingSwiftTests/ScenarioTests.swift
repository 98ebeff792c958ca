import GreetingCatalog
import RehearsalTesting
import Testing

/// One test per scenario under Scenarios/ (the RehearsalScenarioTests plugin writes them), each run in a worker
/// process of the catalog executable.
@Suite struct ScenarioTests: ScenarioSuite {
    static let scenarioTesting = ScenarioTesting(executable: "greeting-rehearsal")
}

/// Without the plugin: one test case per scenario, run in this process.
@Test(arguments: Scenarios.in("Scenarios"))
func scenario(_ scenario: ScenarioFile) async {
    await scenario.check(with: ScenarioTesting(catalog: greetingCatalog))
}
