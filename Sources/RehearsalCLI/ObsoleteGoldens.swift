import Foundation
import Rehearsal

/// Goldens (`name.timeline.json`) whose scenario file (`name.json`) no longer exists.
///
/// Obsolete means "no scenario file on disk", never "not selected": `--filter` and `--shard` cannot make a golden
/// obsolete. Kept artifacts (`.rehearsal/artifacts`) are not goldens.
enum ObsoleteGoldens {
    static let suffix = ".timeline.json"

    /// The obsolete goldens under `folders` (relative to `root`), sorted.
    static func find(in folders: [String], root: String) -> [String] {
        let store = GoldenStore(root: root)
        var found: Set<String> = []
        for folder in folders {
            let relative = ScenarioSelection.relative(folder, to: root)
            for golden in store.goldenFiles(under: relative) where golden.hasSuffix(suffix) {
                let scenario = golden.dropLast(suffix.count) + ".json"
                let full = scenario.hasPrefix("/") ? String(scenario) : root + "/" + scenario
                if !FileManager.default.fileExists(atPath: full) { found.insert(golden) }
            }
        }
        return found.sorted()
    }

    /// The folders to search: the given folders, or the folders of the given files.
    static func folders(of paths: [String], root: String) -> [String] {
        paths.map { path in
            let full = path.hasPrefix("/") ? path : root + "/" + path
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
            return isDirectory.boolValue ? path : (path as NSString).deletingLastPathComponent
        }
    }
}
