import Foundation
import ScenarioJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's one way to write a file: the bytes go to a temporary file in the same directory, which is
/// flushed to disk and then renamed over the destination. Readers see the old file or the new one, never a
/// partial one; a failed write removes its temporary file and leaves the old file untouched. Goldens, kept
/// artifacts, their index and report files are all written through it.
///
/// Temporary files are named `.<name>.tmp-<pid>-<random>`: a process killed mid-write leaves one behind, and
/// ``removeStaleTemporaryFiles(in:)`` removes those of processes that no longer run.
package struct AtomicFile: Sendable {
    /// Called after the temporary file is written and flushed, before the rename (a test hook that simulates an
    /// interrupted write by throwing).
    var afterTemporaryFileWritten: (@Sendable (_ temporaryPath: String) throws -> Void)?

    /// Creates a writer.
    package init() {}

    /// Writes `bytes` to `path`, creating missing parent directories. Symbolic links are written through (the
    /// link stays, its target gets the bytes); a character device or a named pipe is written in place (see
    /// ``WriteTarget``).
    /// - Throws: ``FileError`` naming `shownPath` (the path as users see it) with the system's reason.
    package func write(_ bytes: [UInt8], to path: String, shownPath: String) throws(FileError) {
        try write(bytes, to: try WriteTarget(resolving: path, shownPath: shownPath), shownPath: shownPath)
    }

    /// Writes `bytes` to a resolved target: in place for a stream, else through a temporary file and a rename.
    package func write(_ bytes: [UInt8], to target: WriteTarget, shownPath: String) throws(FileError) {
        if target.kind == .stream {
            try Self.writeInPlace(bytes, to: target.file, shownPath: shownPath)
            return
        }
        try replace(target.file, with: bytes, shownPath: shownPath)
    }

    /// Writes a character device or a named pipe as a shell redirection would, without waiting for a pipe that
    /// nobody reads (that is an error, `ENXIO`).
    private static func writeInPlace(_ bytes: [UInt8], to path: PathName, shownPath: String) throws(FileError) {
        let descriptor = path.withCString { open($0, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else {
            guard errno == ENXIO else { throw FileError.fromErrno(.write, shownPath) }
            throw FileError(
                operation: .write, path: shownPath, code: ENXIO, reason: "no process reads the named pipe",
                hint: "start the reader of the pipe first, or write to a regular file")
        }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
        do throws(FileError) {
            try writeAll(bytes, to: descriptor, shownPath: shownPath)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw FileError.fromErrno(.close, shownPath) }
    }

    /// Replaces (or creates) the regular file at the resolved `path` through a temporary file and a rename.
    private func replace(_ path: PathName, with bytes: [UInt8], shownPath: String) throws(FileError) {
        let directory = path.deletingLastComponent
        try Self.createDirectories(directory, shownPath: shownPath)
        let temporary = directory.appending(Self.temporaryName(for: path.lastComponent))
        let descriptor = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw FileError.fromErrno(.createTemporaryFile, shownPath) }
        var renamed = false
        defer { if !renamed { _ = temporary.withCString { unlink($0) } } }
        do throws(FileError) {
            try Self.writeAll(bytes, to: descriptor, shownPath: shownPath)
            guard fsync(descriptor) == 0 else { throw FileError.fromErrno(.flush, shownPath) }
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw FileError.fromErrno(.close, shownPath) }
        if let afterTemporaryFileWritten {
            do {
                try afterTemporaryFileWritten(temporary.description)
            } catch {
                throw FileError(
                    operation: .replace, path: shownPath, code: 0, reason: "the write was interrupted: \(error)")
            }
        }
        guard temporary.withCString({ from in path.withCString { rename(from, $0) } }) == 0 else {
            throw FileError.fromErrno(.replace, shownPath)
        }
        renamed = true
        Self.syncDirectory(directory)
    }

    /// Writes `bytes` as a new file at `path`, never replacing anything: the bytes go to a temporary file, which
    /// is then hard-linked into place (the link fails when anything, even a dangling link, has the name) and
    /// removed. Returns `false`, writing nothing, when the name is taken.
    /// - Throws: ``FileError`` naming `shownPath` for any other failure.
    package func create(_ bytes: [UInt8], at path: String, shownPath: String) throws(FileError) -> Bool {
        let path = PathName(path)
        let directory = path.deletingLastComponent
        try Self.createDirectories(directory, shownPath: shownPath)
        let temporary = directory.appending(Self.temporaryName(for: path.lastComponent))
        let descriptor = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw FileError.fromErrno(.createTemporaryFile, shownPath) }
        defer { _ = temporary.withCString { unlink($0) } }
        do throws(FileError) {
            try Self.writeAll(bytes, to: descriptor, shownPath: shownPath)
            guard fsync(descriptor) == 0 else { throw FileError.fromErrno(.flush, shownPath) }
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw FileError.fromErrno(.close, shownPath) }
        guard temporary.withCString({ from in path.withCString { link(from, $0) } }) == 0 else {
            if errno == EEXIST { return false }
            throw FileError.fromErrno(.replace, shownPath)
        }
        Self.syncDirectory(directory)
        return true
    }

    /// Moves `source` over the regular file (or nothing) at the resolved `target` in one rename, flushing the
    /// directory. When they are on different file systems, the bytes are written atomically at the target and
    /// `source` is removed.
    func move(_ source: PathName, to target: WriteTarget, shownPath: String) throws(FileError) {
        let destination = target.file
        guard target.kind != .stream else {
            throw FileError(
                operation: .move, path: shownPath, code: 0, reason: "it is a device or a named pipe, not a file")
        }
        if source.withCString({ from in destination.withCString { rename(from, $0) } }) == 0 {
            Self.syncDirectory(destination.deletingLastComponent)
            return
        }
        guard errno == EXDEV else { throw FileError.fromErrno(.move, shownPath) }
        let data: [UInt8]
        do { data = try FileBytes.read(source) } catch { throw FileError.fromErrno(.read, shownPath) }
        try write(data, to: target, shownPath: shownPath)
        _ = source.withCString { unlink($0) }
    }

    /// Removes the file at `path` if there is one.
    func remove(_ path: PathName, shownPath: String) throws(FileError) {
        guard path.withCString({ unlink($0) }) == 0 || errno == ENOENT else {
            throw FileError.fromErrno(.remove, shownPath)
        }
    }

    /// What marks a temporary file: `.<name>.tmp-<pid>-<random>`.
    static let temporaryMarker = ".tmp-"

    /// `.<name>.tmp-<pid>-<random>`, with the name cut (at a character boundary) so the whole stays within the
    /// 255 bytes a file name may have: a golden whose name is valid is always writable.
    static func temporaryName(for name: String) -> String {
        let suffix = "\(temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var kept = Substring(name)
        while 1 + kept.utf8.count + suffix.utf8.count > 255 { kept = kept.dropLast() }
        return "." + kept + suffix
    }

    /// ``temporaryName(for:)-(String)`` of a name that may not be UTF-8 (cut by bytes, then).
    static func temporaryName(for name: PathName) -> PathName {
        guard let text = name.string else {
            let suffix = Array("\(temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))".utf8)
            return PathName(bytes: [UInt8(ascii: ".")] + name.bytes.prefix(254 - suffix.count) + suffix)
        }
        return PathName(temporaryName(for: text))
    }

    /// Removes the temporary files in `directory` (not below it) left by processes that no longer run; returns
    /// how many it removed. Files of running processes (another run writing now) are left alone.
    @discardableResult
    package static func removeStaleTemporaryFiles(in directory: String) -> Int {
        removeStaleTemporaryFiles(in: PathName(directory))
    }

    /// ``removeStaleTemporaryFiles(in:)-(String)`` for a folder named by its bytes (its entries are read as bytes
    /// too, so the temporary file of a golden whose name is not UTF-8 is found).
    @discardableResult
    package static func removeStaleTemporaryFiles(in directory: PathName) -> Int {
        guard let handle = directory.withCString({ opendir($0) }) else { return 0 }
        defer { closedir(handle) }
        var removed = 0
        let marker = Array(temporaryMarker.utf8)
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard name.first == UInt8(ascii: "."), let start = lastRange(of: marker, in: name) else { continue }
            let rest = String(decoding: name[start...], as: UTF8.self).split(separator: "-")
            guard rest.count == 2, let pid = Int32(rest[0]), pid > 0, UInt32(rest[1]) != nil else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            if directory.appending(PathName(bytes: name)).withCString({ unlink($0) }) == 0 { removed += 1 }
        }
        return removed
    }

    /// Where the last `marker` in `bytes` ends.
    private static func lastRange(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        for start in stride(from: bytes.count - marker.count, through: 0, by: -1)
        where Array(bytes[start..<(start + marker.count)]) == marker {
            return start + marker.count
        }
        return nil
    }

    /// Creates `directory` and its missing parents.
    static func createDirectories(_ directory: String, shownPath: String) throws(FileError) {
        try createDirectories(PathName(directory), shownPath: shownPath)
    }

    /// Creates `directory`, named by its bytes, and its missing parents.
    static func createDirectories(_ directory: PathName, shownPath: String) throws(FileError) {
        var status = stat()
        if directory.withCString({ stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFDIR { return }
        let parent = directory.deletingLastComponent
        if !parent.isEmpty, parent != directory, parent != "." {
            try createDirectories(parent, shownPath: shownPath)
        }
        guard directory.withCString({ mkdir($0, 0o755) }) == 0 || errno == EEXIST else {
            throw FileError.fromErrno(.createDirectory, shownPath)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, shownPath: String) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileError.fromErrno(.write, shownPath)
            }
            offset += written
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ start: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(descriptor, start, count)
        #else
        return Darwin.write(descriptor, start, count)
        #endif
    }

    /// Makes a rename in `directory` durable (best effort: some file systems refuse to sync directories).
    private static func syncDirectory(_ directory: PathName) {
        let descriptor = directory.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
