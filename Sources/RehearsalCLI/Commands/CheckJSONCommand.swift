import Foundation
import ScenarioJSON

/// `rehearsal check-json <path>...`: parses every `*.json` file under the given files and folders strictly,
/// resolving `$file` references against the root, and reports each problem as `file:line:column: error: ...`.
struct CheckJSONCommand: Command {
    static let spec = CommandSpec(
        name: "check-json", abstract: "Parse JSON files strictly and report errors as file:line:column.",
        arguments: "<files-or-folders…>", argumentsHelp: "JSON files, or folders searched for *.json.",
        options: [StandardOptions.root.with(help: "Where $file references resolve. Default: .").declaration],
        examples: [("check-json Scenarios Mocks", "check every scenario and mock body")])

    var paths: [String]
    var root: String

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        paths = parsed.positionals
        root = StandardOptions.absoluteRoot(try parsed.value(StandardOptions.root))
    }

    /// Runs the command; returns the exit status (0 all valid, 65 some invalid, 64 usage error).
    func run(_ context: CommandContext) -> Int32 {
        let console = context.console
        let usage = Self.spec.invoked(as: context.program).usage
        guard !paths.isEmpty else {
            console.error(
                UsageError(
                    message: "check-json needs at least one file or folder", hint: "name the files to check",
                    usage: usage
                ).rendered)
            return ExitCode.usage
        }
        var files: [String] = []
        for path in paths {
            guard let found = Self.jsonFiles(at: path, root: root) else {
                console.error(
                    UsageError(
                        message: "no such file or folder: \(path)", hint: "check the path; it is relative to \(root)",
                        usage: usage
                    ).rendered)
                return ExitCode.usage
            }
            files += found
        }
        let resolver = JSONFileResolver(root: root)
        var invalid = 0
        for file in files {
            do {
                _ = try resolver.load(file)
            } catch {
                console.error("\(error)")
                invalid += 1
            }
        }
        let total = files.count
        console.output(
            "checked \(total) JSON file\(total == 1 ? "" : "s"): \(total - invalid) valid, \(invalid) invalid\n")
        return invalid == 0 ? ExitCode.success : ExitCode.invalidInput
    }

    /// `path` itself when it is a file, the `*.json` files below it in sorted order when it is a folder, or `nil`
    /// when nothing is there.
    static func jsonFiles(at path: String, root: String) -> [String]? {
        let full = path.hasPrefix("/") ? path : root + "/" + path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else { return [path] }
        let entries = FileManager.default.enumerator(atPath: full)?.compactMap { $0 as? String } ?? []
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        return entries.filter { $0.hasSuffix(".json") }.sorted().map { base + "/" + $0 }
    }
}
