import Foundation
import Rehearsal

/// Goldens (`name.timeline.json`) whose scenario file (`name.json`) no longer exists.
///
/// Obsolete means "no scenario file on disk", never "not selected": `--filter` and `--shard` cannot make a golden
/// obsolete. Kept artifacts (`.rehearsal/artifacts`) are not goldens. Only what the tool itself records counts: a
/// regular file that reads as a golden timeline of the scenario its path names. Anything else with a golden's name
/// (a folder, a link, a file of other content) is never removed; ``Search/notGoldens`` says why each is left.
enum ObsoleteGoldens {
    static let suffix = ".timeline.json"

    /// What a search found.
    struct Search: Equatable {
        /// The obsolete goldens, relative to the root, sorted.
        var obsolete: [String] = []
        /// Paths with a golden's name and no scenario that are not goldens the tool recorded, with the reason.
        var notGoldens: [NotGolden] = []
    }

    /// A path named like a golden that is not one.
    struct NotGolden: Equatable {
        var path: String
        var reason: String
    }

    /// The obsolete goldens under `folders` (relative to `root`), sorted.
    static func find(in folders: [String], root: String) -> [String] {
        search(in: folders, root: root).obsolete
    }

    /// The obsolete goldens under `folders` (relative to `root`), and what looks like one but is not.
    static func search(in folders: [String], root: String) -> Search {
        let store = GoldenStore(root: root)
        var found: Set<String> = []
        var notGoldens: [String: String] = [:]
        for folder in folders {
            let relative = ScenarioSelection.relative(folder, to: root)
            for golden in store.goldenFiles(under: relative) where golden.hasSuffix(suffix) {
                let scenario = golden.dropLast(suffix.count) + ".json"
                guard !FileManager.default.fileExists(atPath: store.absolute(String(scenario))) else { continue }
                if let reason = notRecorded(golden, scenario: String(scenario), store: store) {
                    notGoldens[golden] = reason
                } else {
                    found.insert(golden)
                }
            }
        }
        return Search(
            obsolete: found.sorted(),
            notGoldens: notGoldens.keys.sorted().map { NotGolden(path: $0, reason: notGoldens[$0] ?? "") })
    }

    /// Why the file at `golden` is not a golden the tool recorded for `scenario`, or `nil` when it is one.
    private static func notRecorded(_ golden: String, scenario: String, store: GoldenStore) -> String? {
        var status = stat()
        guard lstat(store.absolute(golden), &status) == 0 else { return String(cString: strerror(errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "it is a folder, not a golden timeline"
        case S_IFLNK: return "it is a symbolic link, not a golden timeline the tool wrote"
        default: return "it is not a regular file (a pipe, a socket or a device)"
        }
        guard let bytes = FileManager.default.contents(atPath: store.absolute(golden)) else {
            return "it cannot be read"
        }
        let name = ScenarioLoader.name(ofPath: scenario)
        guard let file = try? GoldenFile(bytes: Array(bytes), path: golden) else {
            return "it is not a golden timeline"
        }
        guard file.timeline.scenario == name else {
            return "it is the golden of scenario '\(file.timeline.scenario)', not of '\(name)'"
        }
        return nil
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
