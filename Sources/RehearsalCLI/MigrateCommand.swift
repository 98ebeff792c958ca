import Foundation
import Rehearsal

/// `rehearsal migrate [paths…]`: rewrites golden timelines of older formats in the current one
/// (``TimelineFormat/current``), with the same events in the same order, each file atomically.
enum MigrateCommand {
    static func run(_ parsed: ParsedArguments, console: Console) -> Int32 {
        let root = RunOptions.absoluteRoot(parsed.value("root"))
        let dryRun = parsed.flags.contains("dry-run")
        let store = GoldenStore(root: root)
        let goldens: [String]
        do {
            goldens = try files(
                parsed.positionals.isEmpty ? ["Scenarios"] : parsed.positionals, store: store,
                usage: CommandSpec.migrate.invoked(as: parsed.program).usage)
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
    static func files(_ paths: [String], store: GoldenStore, usage: String = CommandSpec.migrate.usage)
        throws(UsageError) -> [String]
    {
        var found: Set<String> = []
        for path in paths {
            let relative = ScenarioSelection.relative(path, to: store.root)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: store.absolute(relative), isDirectory: &isDirectory) else {
                throw UsageError(
                    message: "no such file or folder: \(path)", hint: "check the path; it is relative to \(store.root)",
                    usage: usage)
            }
            if isDirectory.boolValue {
                found.formUnion(store.goldenFiles(under: relative == "." ? "" : relative))
            } else if relative.hasSuffix(ObsoleteGoldens.suffix) {
                found.insert(relative)
            } else {
                let golden = store.goldenPath(forScenario: relative)
                if FileManager.default.fileExists(atPath: store.absolute(golden)) { found.insert(golden) }
            }
        }
        return found.sorted()
    }
}
