import Foundation
import ScenarioJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a write really lands: the path with every symbolic link followed (in the folders above it and the file
/// itself), and what is there now. Every writer asks for it before it writes, so that a link is written through
/// (never replaced by a file), a folder is never written over, and a device is written in place (never renamed
/// over).
///
/// ```swift
/// let target = try WriteTarget(resolving: "report-link/index.html", shownPath: "report-link/index.html")
/// target.path   // "/project/Scenarios/counter/index.html" when report-link → Scenarios/counter
/// target.kind   // .newFile
/// ```
package struct WriteTarget: Equatable, Sendable {
    /// What is at the resolved path.
    package enum Kind: Equatable, Sendable {
        /// Nothing yet: the write creates a regular file.
        case newFile
        /// A regular file: the write replaces it atomically (a temporary file beside it, then a rename).
        case regularFile
        /// A character device or a named pipe (`/dev/null`, `/dev/full`, a terminal, `/dev/stdout`): written in
        /// place, as a shell redirection would, so the node stays what it is and a full device reports `ENOSPC`.
        case stream
    }

    /// The absolute path with every symbolic link resolved, as the file system's bytes.
    package var file: PathName
    /// What is there.
    package var kind: Kind

    /// The resolved path as text (a name that is not UTF-8 shown escaped), for messages and text comparisons.
    package var path: String { file.description }

    /// Resolves `path` (absolute, or relative to the current folder).
    /// - Throws: ``FileError`` naming `shownPath` when a folder, a block device or a socket is in the file's
    ///   place, when a link cannot be followed (a loop), or when a folder above it cannot be read.
    package init(resolving path: String, shownPath: String) throws(FileError) {
        try self.init(resolving: PathName(path), shownPath: shownPath)
    }

    /// Resolves `path`, named by its bytes (absolute, or relative to the current folder).
    /// - Throws: ``FileError`` as ``init(resolving:shownPath:)-(String,_)`` does.
    package init(resolving path: PathName, shownPath: String) throws(FileError) {
        let absolute = path.isAbsolute ? path : PathName(FileManager.default.currentDirectoryPath).appending(path)
        let resolved = try Self.resolvedPath(absolute, shownPath: shownPath)
        file = resolved
        var status = stat()
        guard resolved.withCString({ stat($0, &status) }) == 0 else {
            guard errno == ENOENT else { throw FileError.fromErrno(.replace, shownPath) }
            kind = .newFile
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regularFile
        case S_IFCHR, S_IFIFO: kind = .stream
        case S_IFDIR:
            throw FileError(operation: .replace, path: shownPath, code: EISDIR, reason: "it is a folder, not a file")
        default:
            throw FileError(
                operation: .replace, path: shownPath, code: 0,
                reason: "it is a block device or a socket, which is never written",
                hint: "write to a regular file, a character device such as /dev/null, or a named pipe")
        }
    }

    /// `path` with `.`, `..` and every symbolic link resolved, as text (see ``resolvedPath(_:shownPath:)-(PathName,_)``).
    package static func resolvedPath(_ path: String, shownPath: String) throws(FileError) -> String {
        try resolvedPath(PathName(path), shownPath: shownPath).description
    }

    /// `path` with `.`, `..` and every symbolic link resolved, component by component, on the file system's bytes:
    /// the part that exists is resolved by the system (`realpath`), the part that does not yet exist is appended as
    /// written.
    package static func resolvedPath(_ path: PathName, shownPath: String) throws(FileError) -> PathName {
        var resolved = PathName(bytes: [])
        var exists = true
        for piece in path.bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            let component = Array(piece)
            switch component {
            case Array(".".utf8): continue
            case Array("..".utf8):
                resolved = resolved.deletingLastComponent
                if resolved == "/" || resolved == "." { resolved = PathName(bytes: []) }
                continue
            default: break
            }
            let next = PathName(bytes: resolved.bytes + [UInt8(ascii: "/")] + component)
            guard exists else {
                resolved = next
                continue
            }
            var status = stat()
            guard next.withCString({ lstat($0, &status) }) == 0 else {
                guard errno == ENOENT else { throw FileError.fromErrno(.replace, shownPath) }
                exists = false
                resolved = next
                continue
            }
            guard status.st_mode & S_IFMT == S_IFLNK else {
                resolved = next
                continue
            }
            guard let real = next.withCString({ realpath($0, nil) }) else {
                guard errno == ENOENT else { throw FileError.fromErrno(.replace, shownPath) }
                // A link to something that does not exist yet: the write creates its target.
                resolved = try danglingTarget(of: next, shownPath: shownPath)
                exists = false
                continue
            }
            defer { free(real) }
            resolved = PathName(bytes: Array(UnsafeRawBufferPointer(start: real, count: strlen(real))))
        }
        return resolved.isEmpty ? "/" : resolved
    }

    /// Where a link to a missing file points, resolved in turn (a loop of links fails `realpath` with `ELOOP`).
    private static func danglingTarget(of link: PathName, shownPath: String) throws(FileError) -> PathName {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = link.withCString { readlink($0, &buffer, buffer.count - 1) }
        guard count >= 0 else { throw FileError.fromErrno(.replace, shownPath) }
        let target = PathName(bytes: buffer[..<count].map { UInt8(bitPattern: $0) })
        let absolute = target.isAbsolute ? target : link.deletingLastComponent.appending(target)
        return try resolvedPath(absolute, shownPath: shownPath)
    }
}
