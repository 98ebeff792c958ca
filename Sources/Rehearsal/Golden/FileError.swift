import Foundation
import ScenarioJSON

/// A file operation that failed: the golden I/O domain's error (goldens, kept artifacts, their index, report
/// files). It says what failed, on which file and why, with a hint that fits the reason:
/// ```
/// Scenarios/a.timeline.json: error: could not create a temporary file beside the file: Read-only file system (EROFS)
///   hint: make the folder writable, or run from a writable copy of the project
/// ```
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible, DiagnosticConvertible {
    /// What was being done.
    public enum Operation: String, Codable, Sendable {
        case createDirectory, createTemporaryFile, write, flush, close, replace, read, remove, move, lock

        /// `create a temporary file beside the file`: what could not be done.
        var what: String {
            switch self {
            case .createDirectory: "create the folder for the file"
            case .createTemporaryFile: "create a temporary file beside the file"
            case .write: "write the file"
            case .flush: "flush the file to disk"
            case .close: "close the file"
            case .replace: "replace the file"
            case .read: "read the file"
            case .remove: "remove the file"
            case .move: "move the file into place"
            case .lock: "lock the folder"
            }
        }
    }

    /// What was being done.
    public var operation: Operation
    /// The file, as users see it (relative to the root where it is inside it).
    public var path: String
    /// The system's error number (`errno`), 0 when there is none.
    public var code: Int32
    /// The system's reason (`strerror`), or what else went wrong.
    public var reason: String
    /// What to do, when the caller knows better than the reason's usual advice.
    public var hint: String?

    /// Creates an error.
    public init(operation: Operation, path: String, code: Int32, reason: String, hint: String? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.reason = reason
        self.hint = hint
    }

    /// An error for `operation` on `path` from the current `errno`.
    package static func fromErrno(_ operation: Operation, _ path: String) -> FileError {
        let code = errno
        return FileError(operation: operation, path: path, code: code, reason: String(cString: strerror(code)))
    }

    /// `could not write the file: No space left on device (ENOSPC)`, located at the file, with a hint.
    public var diagnostic: Diagnostic {
        let name = Self.names[code].map { " (\($0))" } ?? ""
        return Diagnostic(
            .error, location: SourceLocation(path: path), message: "could not \(operation.what): \(reason)\(name)",
            hint: hint ?? advice)
    }

    /// The rendered diagnostic.
    public var description: String { diagnostic.description }

    private var advice: String {
        switch code {
        case EACCES, EPERM, EROFS: return "make the folder writable, or run from a writable copy of the project"
        case ENOSPC, EDQUOT, EFBIG: return "free some disk space (or raise the file size limit), then run again"
        case ENAMETOOLONG: return "use a shorter file name"
        case ENOENT, ENOTDIR: return "check that the folder exists and is a folder"
        case EISDIR: return "remove or rename the folder in the file's place"
        default: return "check the file and its folder, then run again"
        }
    }

    private static let names: [Int32: String] = [
        EACCES: "EACCES", EPERM: "EPERM", EROFS: "EROFS", ENOSPC: "ENOSPC", EDQUOT: "EDQUOT", ENOENT: "ENOENT",
        ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EIO: "EIO", EEXIST: "EEXIST", EXDEV: "EXDEV", EBADF: "EBADF",
        EFBIG: "EFBIG", ENAMETOOLONG: "ENAMETOOLONG",
    ]
}
