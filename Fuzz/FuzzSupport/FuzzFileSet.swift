import Foundation
import Glibc

/// A fuzz input that stands for several files: a scenario and the files its `$file` references name.
///
/// The parts are separated by NUL bytes (which no JSON file may contain). The first part is the scenario's text; each
/// later part is a path relative to the root, a newline, then that file's text:
/// ```
/// {"viewModel": "Counter", "config": {"$file": "Mocks/a.json"}}\0Mocks/a.json\n{"count": 1}
/// ```
/// Paths are plain relative paths (letters, digits, `.`, `_`, `-` between slashes; no `.` or `..` component), so a
/// file is only ever written inside the fuzz target's own folder.
public struct FuzzFileSet: Sendable {
    /// The path the scenario is written at.
    public static let scenarioPath = "Scenarios/fuzz.json"
    /// The most files one input may hold besides the scenario.
    public static let maxReferencedFiles = 8

    /// The files: path, then bytes; the scenario first.
    public private(set) var files: [(path: String, bytes: [UInt8])]

    /// Splits an input into files; `nil` when a part does not name a plain relative path.
    public init?(_ bytes: [UInt8]) {
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: false)
        guard parts.count <= Self.maxReferencedFiles + 1, let scenario = parts.first else { return nil }
        files = [(Self.scenarioPath, Array(scenario))]
        for part in parts.dropFirst() {
            let newline = part.firstIndex(of: UInt8(ascii: "\n")) ?? part.endIndex
            let path = String(decoding: part[part.startIndex..<newline], as: UTF8.self)
            guard Self.isPlain(path), !files.contains(where: { Self.overlap($0.path, path) })
            else { return nil }
            files.append((path, Array(part[min(newline + 1, part.endIndex)...])))
        }
    }

    /// The input that stands for `files` (the scenario first).
    public static func input(_ files: [(path: String, bytes: [UInt8])]) -> [UInt8] {
        var bytes = files.first?.bytes ?? []
        for file in files.dropFirst() { bytes += [0] + Array(file.path.utf8) + [UInt8(ascii: "\n")] + file.bytes }
        return bytes
    }

    /// Writes the files under `root`, after removing everything an earlier input wrote there; `false` when a file
    /// cannot be written (a path names a file of another part as a folder). Files are written with `write(2)`:
    /// `FileManager.createFile` writes atomically with an `fsync`, which made writing most of the time of an input.
    public func write(under root: String) -> Bool {
        let manager = FileManager.default
        try? manager.removeItem(atPath: root)
        for file in files {
            let path = root + "/" + file.path
            let folder = (path as NSString).deletingLastPathComponent
            guard (try? manager.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else {
                return false
            }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            let written = file.bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard written == file.bytes.count else { return false }
        }
        return true
    }

    /// Whether two paths are the same file, or one is inside the other.
    private static func overlap(_ one: String, _ other: String) -> Bool {
        one == other || one.hasPrefix(other + "/") || other.hasPrefix(one + "/")
    }

    private static func isPlain(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        return path.utf8.count <= 200
            && components.allSatisfy { component in
                !component.isEmpty && component != "." && component != ".."
                    && component.utf8.allSatisfy { byte in
                        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                    }
            }
    }
}
