import Foundation
import ScenarioJSON

/// The files below a folder, named by the bytes the file system stores, so that a name that is not UTF-8 is found
/// as the file it is instead of turning into a different, missing path.
package enum DirectoryWalk {
    /// What a walk found.
    package struct Found {
        /// Paths relative to the folder walked, in sorted order.
        package var files: [PathName] = []
        /// The folders below it (each walked too), relative to it, sorted.
        package var folders: [PathName] = []
    }

    /// Every regular file (and symbolic link) below `folder`, depth first; folders that cannot be opened are skipped.
    package static func files(under folder: PathName) -> Found {
        var found = Found()
        walk(folder, relative: PathName(bytes: []), into: &found)
        found.files.sort()
        found.folders.sort()
        return found
    }

    private static func walk(_ directory: PathName, relative: PathName, into found: inout Found) {
        guard let handle = directory.withCString({ opendir($0) }) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == Array(".".utf8) || name == Array("..".utf8) { continue }
            let path = relative.isEmpty ? PathName(bytes: name) : relative.appending(PathName(bytes: name))
            let full = directory.appending(PathName(bytes: name))
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                // Some file systems do not fill in the type: ask for it.
                var status = stat()
                let isDirectory = full.withCString { lstat($0, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR }
                type = isDirectory ? UInt8(DT_DIR) : UInt8(DT_REG)
            }
            if type == UInt8(DT_DIR) {
                found.folders.append(path)
                walk(full, relative: path, into: &found)
            } else {
                found.files.append(path)
            }
        }
    }
}
