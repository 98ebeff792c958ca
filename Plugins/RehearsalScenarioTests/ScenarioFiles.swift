import Foundation

/// The scenario files under a folder, as `ScenarioLoader.scenarioFiles(under:)` finds them.
enum ScenarioFiles {
    /// One scenario: its path relative to the package root and its name relative to the scenarios folder.
    struct File: Equatable {
        var path: String
        var name: String
    }

    /// Every `*.json` under `url` that is neither a golden (`*.timeline.json`) nor a schema (`*.schema.json`),
    /// sorted by path; `folder` is `url`'s path relative to the package root.
    static func list(under url: URL, folder: String) -> [File] {
        let entries = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
        return
            entries
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".timeline.json") && !$0.hasSuffix(".schema.json") }
            .sorted()
            .map { File(path: folder + "/" + $0, name: String($0.dropLast(".json".count))) }
    }
}
