#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole regular files without ever blocking on something that is not one: the file is opened
/// non-blocking and checked before it is read, so a named pipe in a scenario's, a mock's or a golden's place is an
/// error instead of a wait that never ends.
package enum FileBytes {
    /// Why a file could not be read.
    package enum Failure: Error, Equatable {
        /// Nothing is at the path.
        case missing
        /// A folder is at the path.
        case folder
        /// A pipe, a socket or a device is at the path.
        case notRegular
        /// The system refused, with this `errno`.
        case system(Int32)
    }

    /// The bytes of the regular file at `path`.
    package static func read(_ path: String) throws(Failure) -> [UInt8] {
        try read(PathName(path))
    }

    /// The bytes of the regular file at `path`, named by its bytes (any name the file system stores).
    package static func read(_ path: PathName) throws(Failure) -> [UInt8] {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw errno == ENOENT ? .missing : .system(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .folder
        default: throw .notRegular
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
        }
    }

    private static func systemRead(_ descriptor: Int32, _ start: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, start, count)
        #else
        return Darwin.read(descriptor, start, count)
        #endif
    }

    /// What was found instead of a readable JSON file, as a `found …` phrase, and what to do.
    package static func describe(_ failure: Failure) -> (found: String, hint: String) {
        switch failure {
        case .missing: return ("none", "check the path and the file's permissions")
        case .folder: return ("a folder", "give the path of a JSON file, not of a folder")
        case .notRegular: return ("a pipe, a socket or a device", "give the path of a regular JSON file")
        case .system(let code): return ("none: \(String(cString: strerror(code)))", "check the file's permissions")
        }
    }
}
