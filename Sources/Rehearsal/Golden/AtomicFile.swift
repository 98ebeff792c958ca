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
            try Self.writeInPlace(bytes, to: target.path, shownPath: shownPath)
            return
        }
        try replace(target.path, with: bytes, shownPath: shownPath)
    }

    /// Writes a character device or a named pipe as a shell redirection would, without waiting for a pipe that
    /// nobody reads (that is an error, `ENXIO`).
    private static func writeInPlace(_ bytes: [UInt8], to path: String, shownPath: String) throws(FileError) {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
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
    private func replace(_ path: String, with bytes: [UInt8], shownPath: String) throws(FileError) {
        let directory = (path as NSString).deletingLastPathComponent
        try Self.createDirectories(directory, shownPath: shownPath)
        let temporary = "\(directory)/" + Self.temporaryName(for: (path as NSString).lastPathComponent)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileError.fromErrno(.createTemporaryFile, shownPath) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
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
                try afterTemporaryFileWritten(temporary)
            } catch {
                throw FileError(
                    operation: .replace, path: shownPath, code: 0, reason: "the write was interrupted: \(error)")
            }
        }
        guard rename(temporary, path) == 0 else { throw FileError.fromErrno(.replace, shownPath) }
        renamed = true
        Self.syncDirectory(directory)
    }

    /// Writes `bytes` as a new file at `path`, never replacing anything: the bytes go to a temporary file, which
    /// is then hard-linked into place (the link fails when anything, even a dangling link, has the name) and
    /// removed. Returns `false`, writing nothing, when the name is taken.
    /// - Throws: ``FileError`` naming `shownPath` for any other failure.
    package func create(_ bytes: [UInt8], at path: String, shownPath: String) throws(FileError) -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        try Self.createDirectories(directory, shownPath: shownPath)
        let temporary = "\(directory)/" + Self.temporaryName(for: (path as NSString).lastPathComponent)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileError.fromErrno(.createTemporaryFile, shownPath) }
        defer { unlink(temporary) }
        do throws(FileError) {
            try Self.writeAll(bytes, to: descriptor, shownPath: shownPath)
            guard fsync(descriptor) == 0 else { throw FileError.fromErrno(.flush, shownPath) }
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw FileError.fromErrno(.close, shownPath) }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return false }
            throw FileError.fromErrno(.replace, shownPath)
        }
        Self.syncDirectory(directory)
        return true
    }

    /// Moves `source` over the regular file (or nothing) at the resolved `target` in one rename, flushing the
    /// directory. When they are on different file systems, the bytes are written atomically at the target and
    /// `source` is removed.
    func move(_ source: String, to target: WriteTarget, shownPath: String) throws(FileError) {
        let destination = target.path
        guard target.kind != .stream else {
            throw FileError(
                operation: .move, path: shownPath, code: 0, reason: "it is a device or a named pipe, not a file")
        }
        if rename(source, destination) == 0 {
            Self.syncDirectory((destination as NSString).deletingLastPathComponent)
            return
        }
        guard errno == EXDEV else { throw FileError.fromErrno(.move, shownPath) }
        guard let data = FileManager.default.contents(atPath: source) else {
            throw FileError.fromErrno(.read, shownPath)
        }
        try write(Array(data), to: target, shownPath: shownPath)
        unlink(source)
    }

    /// Removes the file at `path` if there is one.
    func remove(_ path: String, shownPath: String) throws(FileError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw FileError.fromErrno(.remove, shownPath) }
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

    /// Removes the temporary files in `directory` (not below it) left by processes that no longer run; returns
    /// how many it removed. Files of running processes (another run writing now) are left alone.
    @discardableResult
    package static func removeStaleTemporaryFiles(in directory: String) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        var removed = 0
        for entry in entries where entry.hasPrefix(".") {
            guard let marker = entry.range(of: temporaryMarker, options: .backwards) else { continue }
            let rest = entry[marker.upperBound...].split(separator: "-")
            guard rest.count == 2, let pid = Int32(rest[0]), pid > 0, UInt32(rest[1]) != nil else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            if unlink(directory + "/" + entry) == 0 { removed += 1 }
        }
        return removed
    }

    /// Creates `directory` and its missing parents.
    static func createDirectories(_ directory: String, shownPath: String) throws(FileError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue {
            return
        }
        let parent = (directory as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != directory { try createDirectories(parent, shownPath: shownPath) }
        guard mkdir(directory, 0o755) == 0 || errno == EEXIST else {
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
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
