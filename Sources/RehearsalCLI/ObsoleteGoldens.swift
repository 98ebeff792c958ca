import Foundation
import Rehearsal
import ScenarioJSON

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
        /// The obsolete goldens, relative to the root, by their bytes, sorted.
        var obsolete: [PathName] = []
        /// Paths with a golden's name and no scenario that are not goldens the tool recorded, with the reason.
        var notGoldens: [NotGolden] = []
    }

    /// A path named like a golden that is not one.
    struct NotGolden: Equatable {
        var path: PathName
        var reason: String
    }

    /// The obsolete goldens under `folders` (relative to `root`), sorted.
    static func find(in folders: [PathName], root: String) -> [PathName] {
        search(in: folders, root: root).obsolete
    }

    /// The obsolete goldens under `folders` (relative to `root`), and what looks like one but is not.
    static func search(in folders: [PathName], root: String) -> Search {
        let store = GoldenStore(root: root)
        var found: Set<PathName> = []
        var notGoldens: [PathName: String] = [:]
        for folder in folders {
            let relative = ScenarioSelection.relative(folder, to: root)
            for golden in store.goldenFiles(under: relative == "." ? PathName(bytes: []) : relative) {
                guard let stem = golden.removingSuffix(suffix) else { continue }
                let scenario = PathName(bytes: stem.bytes + Array(".json".utf8))
                var status = stat()
                guard store.absolute(scenario).withCString({ lstat($0, &status) }) != 0 else { continue }
                if let reason = notRecorded(golden, scenario: scenario, store: store) {
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
    private static func notRecorded(_ golden: PathName, scenario: PathName, store: GoldenStore) -> String? {
        var status = stat()
        guard store.absolute(golden).withCString({ lstat($0, &status) }) == 0 else {
            return String(cString: strerror(errno))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "it is a folder, not a golden timeline"
        case S_IFLNK: return "it is a symbolic link, not a golden timeline the tool wrote"
        default: return "it is not a regular file (a pipe, a socket or a device)"
        }
        guard let bytes = try? FileBytes.read(store.absolute(golden)) else { return "it cannot be read" }
        let name = ScenarioLoader.name(of: scenario)
        guard let file = try? GoldenFile(bytes: bytes, path: golden.description) else {
            return "it is not a golden timeline"
        }
        guard file.timeline.scenario == name else {
            return "it is the golden of scenario '\(file.timeline.scenario)', not of '\(name)'"
        }
        return nil
    }

    /// The folders to search: the given folders, or the folders of the given files.
    static func folders(of paths: [PathName], root: String) -> [PathName] {
        paths.map { path in
            var status = stat()
            let isDirectory =
                PathName(root).appending(path).withCString({ stat($0, &status) }) == 0
                && status.st_mode & S_IFMT == S_IFDIR
            return isDirectory ? path : path.deletingLastComponent
        }
    }
}
