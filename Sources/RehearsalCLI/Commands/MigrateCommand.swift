import Foundation
import Rehearsal
import ScenarioJSON

/// `rehearsal migrate [paths…]`: rewrites golden timelines of older formats in the current one
/// (``TimelineFormat/current``), with the same events in the same order, each file atomically.
struct MigrateCommand: Command {
    static let spec = CommandSpec(
        name: "migrate", abstract: "Rewrite golden timelines of older formats in the current format 3.",
        arguments: "[paths…]",
        argumentsHelp: "Folders to search for goldens, golden files or scenario files. Default: Scenarios/.",
        options: [
            StandardOptions.dryRun.with(help: "Print what would be migrated; write nothing.").declaration,
            StandardOptions.root.with(help: "The package root. Default: .").declaration,
        ],
        examples: [
            ("migrate", "rewrite every format 1 or 2 golden under Scenarios/ (same events, times in one form)"),
            ("migrate --dry-run Scenarios/search", "list the goldens of one folder still in an older format"),
        ])

    var paths: [PathName]
    var root: String
    var dryRun: Bool

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        paths = parsed.pathsOrScenariosFolder
        root = StandardOptions.absoluteRoot(try parsed.value(StandardOptions.root))
        dryRun = parsed.isSet(StandardOptions.dryRun)
    }

    func run(_ context: CommandContext) -> Int32 {
        let console = context.console
        let store = GoldenStore(root: root)
        let goldens: [PathName]
        do throws(UsageError) {
            goldens = try Self.files(paths, store: store, usage: Self.spec.invoked(as: context.program).usage)
        } catch {
            console.error(error.rendered)
            return ExitCode.usage
        }
        var lines: [String] = []
        var migrated = 0
        var failed = false
        for golden in goldens {
            do {
                switch try store.migrateGolden(at: golden, dryRun: dryRun) {
                case .current: continue
                case .migrated(let format):
                    migrated += 1
                    let verb = dryRun ? "would migrate" : "migrated"
                    lines.append("\(verb) \(golden) (format \(format.rawValue) → \(TimelineFormat.current.rawValue))")
                }
            } catch {
                console.error(error.description)
                failed = true
            }
        }
        let current = TimelineFormat.current.rawValue
        let summary =
            dryRun
            ? "\(migrated) of \(goldens.count) golden\(goldens.count == 1 ? "" : "s") would be migrated to format "
                + "\(current) (dry run: nothing written)"
            : "migrated \(migrated) of \(goldens.count) golden\(goldens.count == 1 ? "" : "s") to format \(current)"
                + (migrated > 0 ? "; the events are unchanged: review and commit" : "")
        console.output((lines + [summary]).joined(separator: "\n") + "\n")
        return failed ? ExitCode.failure : ExitCode.success
    }

    /// The goldens named by `paths`: a golden file itself, the golden of a scenario file, or every golden under a
    /// folder (kept artifacts excluded); relative to the root, sorted, without duplicates.
    static func files(_ paths: [PathName], store: GoldenStore, usage: String = spec.usage)
        throws(UsageError) -> [PathName]
    {
        var found: Set<PathName> = []
        for path in paths {
            let relative = ScenarioSelection.relative(path, to: store.root)
            var status = stat()
            guard store.absolute(relative).withCString({ stat($0, &status) }) == 0 else {
                throw UsageError(
                    message: "no such file or folder: \(path)", hint: "check the path; it is relative to \(store.root)",
                    usage: usage)
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                found.formUnion(store.goldenFiles(under: relative == "." ? PathName(bytes: []) : relative))
            } else if relative.hasSuffix(ObsoleteGoldens.suffix) {
                found.insert(relative)
            } else {
                let golden = store.goldenPath(forScenario: relative)
                var goldenStatus = stat()
                if store.absolute(golden).withCString({ stat($0, &goldenStatus) }) == 0 { found.insert(golden) }
            }
        }
        return found.sorted()
    }
}
