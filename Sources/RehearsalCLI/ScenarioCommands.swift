import Foundation
import Rehearsal

/// `list`, `validate` and `prune`: commands that look at scenario files without running them.
enum ScenarioCommands {
    /// Prints the selected scenarios' names and paths, one per line.
    static func list(_ parsed: ParsedArguments, console: Console) -> Int32 {
        let root = RunOptions.absoluteRoot(parsed.value("root"))
        let spec = CommandSpec.list
        do {
            let shard = try parsed.value("shard").map { text throws(UsageError) in
                try ScenarioSelection.Shard.parse(text, usage: spec.usage)
            }
            let files = try ScenarioSelection(root: root).files(in: paths(parsed), usage: spec.usage)
            let selected = ScenarioSelection.shard(ScenarioSelection.filter(files, by: parsed.value("filter")), shard)
            let lines = selected.map { "\(ScenarioSelection.name(of: $0))  \($0)" }
            console.output(
                (lines + ["\(selected.count) scenario\(selected.count == 1 ? "" : "s")"])
                    .joined(separator: "\n") + "\n")
            return ExitCode.success
        } catch {
            console.error(error.rendered)
            return ExitCode.usage
        }
    }

    /// Loads each selected scenario and checks it against the catalog (ViewModel, config, inputs, mocks) without
    /// playing it. Exits 65 when any is invalid.
    static func validate(_ parsed: ParsedArguments, catalog: Catalog, console: Console) -> Int32 {
        let root = RunOptions.absoluteRoot(parsed.value("root"))
        let files: [String]
        let unreadable: [String]
        do {
            (files, unreadable) = try ScenarioSelection(root: root).walk(
                paths(parsed), usage: CommandSpec.validate.usage)
        } catch {
            console.error(error.rendered)
            return ExitCode.usage
        }
        let selected = ScenarioSelection.filter(files, by: parsed.value("filter"))
        let runner = ScenarioRunner(catalog: catalog, loader: ScenarioLoader(root: root))
        var outcomes = unreadable.map(ScenarioSelection.unreadableName)
        outcomes.forEach { $0.findings.forEach { console.error($0.description) } }
        for file in selected {
            let findings = runner.validate(file: file)
            outcomes.append(
                ScenarioOutcome(
                    name: ScenarioSelection.name(of: file), path: file, status: findings.isEmpty ? .passed : .failed,
                    findings: findings))
            findings.forEach { console.error($0.description) }
        }
        let total = outcomes.count
        let invalid = outcomes.count(where: \.isFailure)
        console.output(
            "validated \(total) scenario\(total == 1 ? "" : "s"): \(total - invalid) valid, \(invalid) invalid\n")
        // The same rule as `run`: 65 when every failure is an invalid scenario file, 1 otherwise.
        return ExitCode.of(outcomes)
    }

    /// Removes goldens whose scenario file no longer exists (only lists them with `--dry-run`).
    static func prune(_ parsed: ParsedArguments, console: Console) -> Int32 {
        let root = RunOptions.absoluteRoot(parsed.value("root"))
        let dryRun = parsed.flags.contains("dry-run")
        let obsolete = ObsoleteGoldens.find(in: paths(parsed), root: root)
        var lines: [String] = []
        for golden in obsolete {
            if dryRun {
                lines.append("would remove \(golden)")
                continue
            }
            do {
                try FileManager.default.removeItem(atPath: golden.hasPrefix("/") ? golden : root + "/" + golden)
                lines.append("removed \(golden)")
            } catch {
                console.error("error: cannot remove \(golden): \(error.localizedDescription)")
                return ExitCode.failure
            }
        }
        let count = obsolete.count
        lines.append(
            "\(count) obsolete golden\(count == 1 ? "" : "s")"
                + (dryRun && count > 0 ? " (dry run: nothing removed)" : ""))
        console.output(lines.joined(separator: "\n") + "\n")
        return ExitCode.success
    }

    private static func paths(_ parsed: ParsedArguments) -> [String] {
        parsed.positionals.isEmpty ? ["Scenarios"] : parsed.positionals
    }
}
