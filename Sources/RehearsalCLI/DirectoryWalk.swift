import Foundation

/// The files below a folder, read as the bytes the file system stores, so a name that is not UTF-8 is found and
/// named instead of turning into a different, missing path.
enum DirectoryWalk {
    /// What a walk found.
    struct Found {
        /// Paths relative to the folder walked, in sorted order.
        var files: [String] = []
        /// Paths whose name is not valid UTF-8, shown with each such byte as `\xFF`, sorted.
        var unreadable: [String] = []
    }

    /// Every regular file (and symbolic link) below `folder`, depth first; folders that cannot be opened are skipped.
    static func files(under folder: String) -> Found {
        var found = Found()
        walk(Array(folder.utf8), relative: [], into: &found)
        found.files.sort()
        found.unreadable.sort()
        return found
    }

    private static func walk(_ directory: [UInt8], relative: [UInt8], into found: inout Found) {
        guard
            let handle = (directory + [0]).withUnsafeBufferPointer({ buffer in
                buffer.baseAddress.map { $0.withMemoryRebound(to: CChar.self, capacity: buffer.count) { opendir($0) } }
            }) ?? nil
        else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == Array(".".utf8) || name == Array("..".utf8) { continue }
            let path = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                // Some file systems do not fill in the type: ask for it.
                var status = stat()
                let full = directory + [UInt8(ascii: "/")] + name + [0]
                let isDirectory = full.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        lstat($0, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
                    } ?? false
                }
                type = isDirectory ? UInt8(DT_DIR) : UInt8(DT_REG)
            }
            if type == UInt8(DT_DIR) {
                walk(directory + [UInt8(ascii: "/")] + name, relative: path, into: &found)
            } else if let text = String(validating: path, as: UTF8.self) {
                found.files.append(text)
            } else {
                found.unreadable.append(shown(path))
            }
        }
    }

    /// `bytes` as text with every byte of an invalid UTF-8 sequence written `\xFF`.
    static func shown(_ bytes: [UInt8]) -> String {
        var text = ""
        var position = 0
        while position < bytes.count {
            var end = position + 1
            while end <= bytes.count, end - position <= 4 {
                if let piece = String(validating: bytes[position..<end], as: UTF8.self) {
                    text += piece
                    break
                }
                end += 1
            }
            if end > bytes.count || end - position > 4 {
                text += String(format: "\\x%02X", bytes[position])
                end = position + 1
            }
            position = end
        }
        return text
    }
}
