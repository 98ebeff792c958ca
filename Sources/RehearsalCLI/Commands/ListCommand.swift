import Rehearsal
import ScenarioJSON

/// `rehearsal list`: prints the scenarios a run would select (`--filter`, `--shard`), one per line with its name,
/// and names the files that cannot be run (exit 65, as `run` reports them).
struct ListCommand: Command {
    static let spec = CommandSpec(
        name: "list", abstract: "List the scenarios a run would select.",
        arguments: "[paths…]", argumentsHelp: "Scenario files or folders. Default: Scenarios/.",
        options: [
            StandardOptions.filter.declaration, StandardOptions.shard.declaration,
            StandardOptions.durations.declaration, StandardOptions.root.declaration,
        ],
        examples: [("list --shard 2/4", "the scenarios of the second shard of four")])

    var settings: RunSettings

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        settings = try RunSettings(parsed, environment: context.environment)
    }

    func run(_ context: CommandContext) -> Int32 {
        let walked: ScenarioSelection.Walked
        do {
            walked = try ScenarioSelection(root: settings.root).walk(
                settings.paths, usage: Self.spec.invoked(as: context.program).usage)
        } catch {
            context.console.error(error.rendered)
            return ExitCode.usage
        }
        let sharded: ShardSelection
        do {
            sharded = try ShardSelection(
                ScenarioSelection.filter(walked.files, by: settings.filter), shard: settings.shard,
                durationsFile: settings.durations, root: settings.root,
                usage: Self.spec.invoked(as: context.program).usage)
        } catch {
            context.console.error(error.text)
            return error.status
        }
        let selected = sharded.paths
        let lines = selected.map { "\(ScenarioLoader.name(of: $0))  \($0)" }
        for refused in walked.refused { context.console.error(refused.text) }
        let notes = sharded.notes.map(\.description)
        context.console.output(
            (lines + ["\(selected.count) scenario\(selected.count == 1 ? "" : "s")"] + notes).joined(separator: "\n")
                + "\n")
        // A file that cannot be named is an invalid scenario file, as `run` and `validate` report it.
        return walked.refused.isEmpty ? ExitCode.success : ExitCode.of(walked.refused)
    }
}
