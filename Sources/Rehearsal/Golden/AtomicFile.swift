import Foundation
import ScenarioJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole files atomically: the bytes go to a temporary file in the same directory, which is flushed to
/// disk and then renamed over the destination. Readers see the old file or the new one, never a partial one;
/// a failed write removes its temporary file and leaves the old file untouched.
struct AtomicFile: Sendable {
    /// Called after the temporary file is written and flushed, before the rename (a test hook that simulates an
    /// interrupted write by throwing).
    var afterTemporaryFileWritten: (@Sendable (_ temporaryPath: String) throws -> Void)?

    /// Writes `bytes` to `path`, creating missing parent directories.
    /// - Throws: `JSONError` naming `shownPath` (the path as users see it) with the system's reason.
    func write(_ bytes: [UInt8], to path: String, shownPath: String) throws(JSONError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw JSONError(
                message: "could not create the directory for the file: \(error.localizedDescription)",
                path: shownPath)
        }
        let name = (path as NSString).lastPathComponent
        let temporary = "\(directory)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.systemError("could not create a temporary file", shownPath) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do throws(JSONError) {
            try Self.writeAll(bytes, to: descriptor, shownPath: shownPath)
            guard fsync(descriptor) == 0 else { throw Self.systemError("could not flush the file", shownPath) }
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw Self.systemError("could not close the file", shownPath) }
        if let afterTemporaryFileWritten {
            do {
                try afterTemporaryFileWritten(temporary)
            } catch {
                throw JSONError(message: "the write was interrupted: \(error)", path: shownPath)
            }
        }
        guard rename(temporary, path) == 0 else { throw Self.systemError("could not replace the file", shownPath) }
        renamed = true
        Self.syncDirectory(directory)
    }

    /// Moves `source` over `destination` in one rename, flushing the directory. When they are on different file
    /// systems, the bytes are written atomically at `destination` and `source` is removed.
    func move(_ source: String, to destination: String, shownPath: String) throws(JSONError) {
        if rename(source, destination) == 0 {
            Self.syncDirectory((destination as NSString).deletingLastPathComponent)
            return
        }
        guard errno == EXDEV else { throw Self.systemError("could not move the file into place", shownPath) }
        guard let data = FileManager.default.contents(atPath: source) else {
            throw Self.systemError("could not read the file to move", shownPath)
        }
        try write(Array(data), to: destination, shownPath: shownPath)
        unlink(source)
    }

    /// Removes the file at `path` if there is one.
    func remove(_ path: String, shownPath: String) throws(JSONError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw Self.systemError("could not remove the file", shownPath)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, shownPath: String) throws(JSONError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw systemError("could not write the file", shownPath)
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

    private static func systemError(_ what: String, _ shownPath: String) -> JSONError {
        JSONError(message: "\(what): \(String(cString: strerror(errno)))", path: shownPath)
    }
}
