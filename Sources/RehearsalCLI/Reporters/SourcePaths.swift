import CombineCompat
import Foundation

/// Where a call site's file is in the repository, for the lines a team reads and clicks: CombineCompat names a file
/// as `#fileID` does (`Search/BookSearchViewModel.swift`: the module, then the file's name), and the repository has
/// it at `App/Features/Search/BookSearchViewModel.swift`. The Swift files under the root are listed once, when the
/// first site asks; a file name that no file or several files have keeps the `#fileID` form.
final class SourcePaths {
    /// The project root the paths are relative to.
    let root: String
    /// The repository's Swift files by file name, each relative to the root.
    private lazy var files: [String: [String]] = Self.swiftFiles(under: root)

    init(root: String) { self.root = root }

    /// `App/Features/Search/BookSearchViewModel.swift:67:30`, or the site as it is named
    /// (`Search/BookSearchViewModel.swift:67:30`) when the repository has no single file for it.
    func location(of site: CallSite) -> String {
        "\(path(of: site.file)):\(site.line):\(site.column)"
    }

    /// The repository path of `fileID`: itself when a file is there (a scenario file's response), else the one Swift
    /// file of its name, or of its name in a folder named as its module.
    func path(of fileID: String) -> String {
        var isDirectory: ObjCBool = false
        let given = root + "/" + fileID
        if FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory), !isDirectory.boolValue {
            return fileID
        }
        let parts = fileID.split(separator: "/").map(String.init)
        guard let name = parts.last, let candidates = files[name] else { return fileID }
        if candidates.count == 1 { return candidates[0] }
        guard parts.count > 1 else { return fileID }
        let module = parts[0]
        let inModule = candidates.filter { $0.split(separator: "/").dropLast().contains { String($0) == module } }
        return inModule.count == 1 ? inModule[0] : fileID
    }

    /// Every `.swift` file under `root` outside hidden folders (`.build`, `.git`, `.rehearsal`), by file name, each
    /// relative to the root as the walk gives it (whatever links the root's own path goes through).
    private static func swiftFiles(under root: String) -> [String: [String]] {
        var found: [String: [String]] = [:]
        guard let walk = FileManager.default.enumerator(atPath: root) else { return found }
        while let entry = walk.nextObject() as? String {
            let name = (entry as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walk.skipDescendants()
                continue
            }
            if entry.hasSuffix(".swift") { found[name, default: []].append(entry) }
        }
        for name in found.keys { found[name]?.sort() }
        return found
    }
}
