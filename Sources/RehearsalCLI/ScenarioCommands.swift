import Foundation
import Rehearsal

/// `list`, `validate` and `prune`: commands about scenario files and goldens rather than runs (`validate` plays each
/// scenario, in a worker, without comparing it with its golden).
enum ScenarioCommands {
    /// Prints the selected scenarios' names and paths, one per line.
    static func list(_ parsed: ParsedArguments, console: Console) -> Int32 {
        let root = RunOptions.absoluteRoot(parsed.value("root"))
        let spec = CommandSpec.list.invoked(as: parsed.program)
        do {
            let shard = try parsed.value("shard").map { text throws(UsageError) in
                try ScenarioSelection.Shard.parse(text, usage: spec.usage)
            }
            let walked = try ScenarioSelection(root: root).walk(paths(parsed), usage: spec.usage)
            let selected = ScenarioSelection.shard(
                ScenarioSelection.filter(walked.files, by: parsed.value("filter")), shard)
            let lines = selected.map { "\(ScenarioSelection.name(of: $0))  \($0)" }
            for refused in walked.refused { console.error(refused.text) }
            console.output(
                (lines + ["\(selected.count) scenario\(selected.count == 1 ? "" : "s")"])
                    .joined(separator: "\n") + "\n")
            // A file that cannot be named is an invalid scenario file, as `run` and `validate` report it.
            return walked.refused.isEmpty ? ExitCode.success : ExitCode.of(walked.refused)
        } catch {
            console.error(error.rendered)
            return ExitCode.usage
        }
    }

    /// Plays each selected scenario without comparing it with its golden and reports what is wrong with the file
    /// (ViewModel, config, inputs and their values, mock methods and bodies, `when` arguments, masks). Exits 65 when
    /// any is invalid (1 when a scenario crashed or hung instead).
    static func validate(_ parsed: ParsedArguments, console: Console) -> Int32 {
        let root = RunOptions.absoluteRoot(parsed.value("root"))
        let walked: ScenarioSelection.Walked
        do {
            walked = try ScenarioSelection(root: root).walk(
                paths(parsed), usage: CommandSpec.validate.invoked(as: parsed.program).usage)
        } catch {
            console.error(error.rendered)
            return ExitCode.usage
        }
        let selected = ScenarioSelection.filter(walked.files, by: parsed.value("filter"))
        var outcomes = walked.refused
        // Validating plays each scenario (without comparing it), in a worker process: a ViewModel that crashes or
        // hangs fails its own scenario, never the command.
        let interruption = RunInterruption()
        defer { interruption.remove() }
        let pool = WorkerPool(
            executable: RunCommand.executable(), root: root, workers: 1, timeout: ScenarioTimeout.defaultSeconds,
            interruption: interruption)
        pool.validates = true
        pool.advice = RecordAdvice(tool: .commandLine(parsed.program))
        do {
            let jobs = selected.map { WorkerPool.Job(path: $0, name: ScenarioSelection.name(of: $0), record: .never) }
            outcomes += try pool.run(jobs, progress: { _ in }).outcomes
        } catch {
            console.error(
                "error: cannot start a worker process: \(error)\n"
                    + "  hint: check that the executable can be run again (it starts itself as its workers)")
            return ExitCode.failure
        }
        outcomes.sort { $0.path < $1.path }
        for outcome in outcomes where !outcome.findings.isEmpty { console.error(outcome.text) }
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
        let search = ObsoleteGoldens.search(in: paths(parsed), root: root)
        let obsolete = search.obsolete
        var lines = search.notGoldens.map { "kept \($0.path): \($0.reason)" }
        for golden in obsolete {
            if dryRun {
                lines.append("would remove \(golden)")
                continue
            }
            // unlink(2) removes a file and never a folder: what was checked to be a golden is all that goes.
            guard unlink(golden.hasPrefix("/") ? golden : root + "/" + golden) == 0 || errno == ENOENT else {
                console.output(lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"))
                console.error(FileError.fromErrno(.remove, golden).description)
                return ExitCode.failure
            }
            lines.append("removed \(golden)")
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
