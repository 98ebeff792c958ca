import Foundation
import Rehearsal
import ScenarioJSON

/// `rehearsal prune`: removes goldens whose scenario file no longer exists (only lists them with `--dry-run`); only
/// regular files that read as that scenario's golden are removed (see ``ObsoleteGoldens``).
struct PruneCommand: Command {
    static let spec = CommandSpec(
        name: "prune", abstract: "Remove goldens whose scenario file no longer exists.",
        arguments: "[paths…]", argumentsHelp: "Folders to search for goldens. Default: Scenarios/.",
        options: [
            StandardOptions.dryRun.declaration,
            StandardOptions.root.with(help: "The package root. Default: .").declaration,
        ],
        examples: [("prune --dry-run", "show obsolete goldens")])

    var paths: [PathName]
    var root: String
    var dryRun: Bool

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        paths = parsed.pathsOrScenariosFolder
        root = StandardOptions.absoluteRoot(try parsed.value(StandardOptions.root))
        dryRun = parsed.isSet(StandardOptions.dryRun)
    }

    func run(_ context: CommandContext) -> Int32 {
        let search = ObsoleteGoldens.search(in: paths, root: root)
        let obsolete = search.obsolete
        var lines = search.notGoldens.map { "kept \($0.path): \($0.reason)" }
        for golden in obsolete {
            if dryRun {
                lines.append("would remove \(golden)")
                continue
            }
            // unlink(2) removes a file and never a folder: what was checked to be a golden is all that goes.
            let file = golden.isAbsolute ? golden : PathName(root).appending(golden)
            guard file.withCString({ unlink($0) }) == 0 || errno == ENOENT else {
                context.console.output(lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"))
                context.console.error(FileError.fromErrno(.remove, golden.description).description)
                return ExitCode.failure
            }
            lines.append("removed \(golden)")
        }
        let count = obsolete.count
        lines.append(
            "\(count) obsolete golden\(count == 1 ? "" : "s")"
                + (dryRun && count > 0 ? " (dry run: nothing removed)" : ""))
        context.console.output(lines.joined(separator: "\n") + "\n")
        return ExitCode.success
    }
}
