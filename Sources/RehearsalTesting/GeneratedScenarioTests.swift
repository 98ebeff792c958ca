import Rehearsal

/// Whether the tests the `RehearsalScenarioTests` build plugin generated still match the scenario files.
///
/// SwiftPM runs build plugins when it plans a build, and `swift test` reuses the last plan while no source file
/// changed, so a scenario added, renamed or removed since then has no test, or a test of a file that is gone. Each
/// generated suite has one test that says so, with the command that generates the tests again.
enum GeneratedScenarioTests {
    /// The problem when `generated` (the files the plugin wrote tests for, relative to `root`) differs from the
    /// scenario files under `folder` now; nil when they match.
    static func mismatch(generated: [String], folder: String, root: String) -> ScenarioTestingError? {
        let current = ScenarioLoader(root: root, scenariosFolder: folder).scenarioFiles(under: folder)
        guard current != generated else { return nil }
        let added = Set(current).subtracting(generated).sorted()
        let removed = Set(generated).subtracting(current).sorted()
        let parts =
            (added.isEmpty ? [] : ["no test for \(list(added))"])
            + (removed.isEmpty ? [] : ["tests for files that are gone: \(list(removed))"])
        return ScenarioTestingError(
            message: "the generated scenario tests are older than the scenario files ("
                + parts.joined(separator: "; ") + ")",
            hint: "run 'swift build --build-tests', then 'swift test': SwiftPM runs the RehearsalScenarioTests plugin "
                + "when it plans a build, which 'swift test' skips while no source file changed")
    }

    private static func list(_ paths: [String]) -> String {
        paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
    }
}
