import Foundation
import ScenarioJSON

/// `rehearsal check-json <path>...`: parses every `*.json` file under the given files and folders strictly,
/// resolving `$file` references against the current directory, and reports each problem as
/// `file:line:column: error: ...` on stderr.
enum CheckJSON {
    /// Exit codes, as in sysexits.h.
    enum ExitCode: Int32 {
        case success = 0
        case usage = 64
        case invalidInput = 65
    }

    struct Outcome: Equatable {
        var valid = 0
        var invalid = 0

        var summary: String {
            let total = valid + invalid
            return "checked \(total) JSON file\(total == 1 ? "" : "s"): \(valid) valid, \(invalid) invalid"
        }
    }

    /// Runs the command on `paths`, writing errors to `errors` and the summary to `output`.
    static func run(paths: [String], root: String, output: (String) -> Void, errors: (String) -> Void) -> ExitCode {
        guard !paths.isEmpty else {
            errors("error: check-json needs at least one file or folder\n\(usage)")
            return .usage
        }
        var files: [String] = []
        for path in paths {
            guard let found = jsonFiles(at: path) else {
                errors("error: no such file or folder: \(path)\n  hint: check the path; it is relative to \(root)")
                return .usage
            }
            files += found
        }
        let resolver = JSONFileResolver(root: root)
        var outcome = Outcome()
        for file in files {
            if let problem = check(file, with: resolver) {
                errors(problem)
                outcome.invalid += 1
            } else {
                outcome.valid += 1
            }
        }
        output(outcome.summary)
        return outcome.invalid == 0 ? .success : .invalidInput
    }

    /// The error text for `file`, or `nil` when it is valid.
    static func check(_ file: String, with resolver: JSONFileResolver) -> String? {
        do {
            _ = try resolver.load(file)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// `path` itself when it is a file, the `*.json` files below it in sorted order when it is a folder,
    /// or `nil` when nothing is there.
    static func jsonFiles(at path: String) -> [String]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else { return [path] }
        let entries = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        return entries.filter { $0.hasSuffix(".json") }.sorted().map { base + "/" + $0 }
    }

    static let usage = """
        usage: rehearsal check-json <file-or-folder>...
          Parses every *.json file strictly and reports errors as file:line:column.
          Exit status: 0 all valid, 65 some file invalid, 64 usage error.
        """
}
