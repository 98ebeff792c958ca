import GreetingCatalog
import RehearsalTesting
import Testing

// (Swift Testing prints a comment written just before `@Suite` or `@Test` under each of its failures, so the
// comments here are inside the declarations.)

@Suite struct ScenarioTests: ScenarioSuite {
    // One test per scenario under Scenarios/ (the RehearsalScenarioTests plugin writes them), each run in a worker
    // process of the catalog executable.
    static let scenarioTesting = ScenarioTesting(executable: "greeting-rehearsal")
}

@Test(arguments: Scenarios.in("Scenarios"))
func scenario(_ scenario: ScenarioFile) async {
    // Without the plugin: one test case per scenario, run in this process.
    await scenario.check(with: ScenarioTesting(catalog: greetingCatalog))
}
