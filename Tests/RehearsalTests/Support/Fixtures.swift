import Foundation
import Rehearsal
import RunnerFixtures

/// Paths of the test fixtures and the package, found from this source file.
enum Fixtures {
    /// `Tests/RehearsalTests/Fixtures`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    /// The package root.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The `.json` files directly in `folder` (relative to the fixtures root), sorted.
    static func scenarios(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
    }

    /// A runner over the runner tests' own catalog with scenarios resolved against the fixtures root.
    static func runner(scenariosFolder: String) -> ScenarioRunner {
        ScenarioRunner(
            catalog: runnerFixtureCatalog, loader: ScenarioLoader(root: root, scenariosFolder: scenariosFolder))
    }

    /// Everything an outcome reports, as one text: findings, then notes.
    static func report(_ outcome: ScenarioOutcome) -> String {
        (outcome.findings + outcome.notes).map(\.description).joined(separator: "\n") + "\n"
    }
}
