import Foundation
import Rehearsal

/// One scenario file to check: its path relative to the package root and its name (`search/error`).
///
/// Swift Testing shows a parameterised test case by the scenario's name:
/// ```swift
/// @Test(arguments: Scenarios.in("Scenarios"))
/// func scenario(_ scenario: ScenarioFile) async { await scenario.check(with: .init(executable: "app-rehearsal")) }
/// ```
public struct ScenarioFile: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The scenario file, relative to the package root (`Scenarios/search/error.json`).
    public var path: String
    /// The scenario's identity: its path under the scenarios folder without `.json` (`search/error`).
    public var name: String
    /// The root the file was found under (``Scenarios/in(_:root:)``), used when the settings name none.
    var root: String?
    /// Why there is nothing to check, for the stand-in of an empty folder (it fails when checked).
    var unavailable: ScenarioTestingError?

    /// The scenario at `path` (relative to the package root) under the scenarios folder `folder`.
    public init(path: String, folder: String = "Scenarios") {
        self.path = path
        self.name = ScenarioLoader.name(ofPath: path, scenariosFolder: folder)
    }

    /// The name.
    public var description: String { name }
}

/// The scenario files of a folder, as the arguments of a parameterised test.
public enum Scenarios {
    /// Every scenario file under `folder` (relative to `root`, by default the current directory: the package root
    /// under `swift test`), sorted by path. Goldens (`*.timeline.json`) and schemas (`*.schema.json`) are not
    /// scenarios.
    ///
    /// An empty or missing folder gives one stand-in that fails when checked, so a misspelt folder never passes.
    public static func `in`(_ folder: String, root: String? = nil) -> [ScenarioFile] {
        let root = root ?? FileManager.default.currentDirectoryPath
        let files = ScenarioLoader(root: root, scenariosFolder: folder).scenarioFiles(under: folder)
        guard !files.isEmpty else {
            var stand = ScenarioFile(path: folder, folder: folder)
            stand.name = folder
            stand.root = root
            stand.unavailable = .noScenarios(in: folder, root: root)
            return [stand]
        }
        return files.map { path in
            var file = ScenarioFile(path: path, folder: folder)
            file.root = root
            return file
        }
    }
}
