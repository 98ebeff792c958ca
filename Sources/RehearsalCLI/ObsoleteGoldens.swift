import Foundation

/// Goldens (`name.timeline.json`) whose scenario file (`name.json`) no longer exists.
///
/// Obsolete means "no scenario file on disk", never "not selected": `--filter` and `--shard` cannot make a golden
/// obsolete.
enum ObsoleteGoldens {
    static let suffix = ".timeline.json"

    /// The obsolete goldens under `folders` (relative to `root`), sorted.
    static func find(in folders: [String], root: String) -> [String] {
        var found: Set<String> = []
        for folder in folders {
            let relative = ScenarioSelection.relative(folder, to: root)
            let full = relative.hasPrefix("/") ? relative : root + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            let base = relative == "." ? "" : (relative.hasSuffix("/") ? relative : relative + "/")
            for entry in FileManager.default.enumerator(atPath: full)?.compactMap({ $0 as? String }) ?? []
            where entry.hasSuffix(suffix) {
                let scenario = full + "/" + entry.dropLast(suffix.count) + ".json"
                if !FileManager.default.fileExists(atPath: scenario) { found.insert(base + entry) }
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
