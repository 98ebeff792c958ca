import Rehearsal
import ScenarioJSON

/// Runs a scenario written inline in a test against `catalog`, and returns its timeline's event lines and its
/// findings as text.
func play(_ text: String, catalog: Catalog) throws -> (lines: [String], findings: [String]) {
    let document = try JSONFileResolver(root: ".").parse(text, path: "inline.json")
    let scenario = try ScenarioLoader(root: ".").scenario(from: document, name: "inline")
    let outcome = ScenarioRunner(catalog: catalog).run(scenario)
    return (outcome.timeline?.eventLines ?? [], outcome.findings.map(\.description))
}
