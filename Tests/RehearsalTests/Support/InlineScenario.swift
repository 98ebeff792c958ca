import Rehearsal
import RunnerFixtures
import ScenarioJSON
import VirtualTime

/// Runs a scenario written inline in a test against the runner tests' own catalog (`$file` resolves against the
/// package root).
func runInline(
    _ text: String, catalog: Catalog = runnerFixtureCatalog, name: String = "inline",
    limits: VirtualTimeLimits = VirtualTimeLimits()
) throws -> ScenarioOutcome {
    let document = try JSONFileResolver(root: Fixtures.packageRoot).parse(text, path: "\(name).json")
    let scenario = try ScenarioLoader(root: Fixtures.packageRoot).scenario(from: document, name: name)
    return ScenarioRunner(catalog: catalog, limits: limits).run(scenario)
}

extension ScenarioOutcome {
    /// The event lines only (no header), for compact whole-history assertions.
    var lines: [String] { timeline?.eventLines ?? [] }
}
