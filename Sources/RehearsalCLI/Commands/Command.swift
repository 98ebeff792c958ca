import Rehearsal

/// What a command needs of the process it runs in.
struct CommandContext {
    /// The team's catalog (the worker plays scenarios with it).
    var catalog: Catalog
    var environment: [String: String]
    var console: Console
    /// The executable as invoked (`store-rehearsal`), which usage lines and hints name.
    var program: String
    /// The whole command line this process was started with, when it may start itself again with it
    /// (``RehearsalCLI/main(catalog:arguments:)`` sets it): a run of one scenario then plays it in this process,
    /// relaunching the command on its workers if the scenario crashes it (see ``InProcessRun``).
    var relaunch: [String]? = nil
}

/// One command of the command line: its declaration (``spec``: name, options, help), its options read into typed
/// properties, and what it does. Help, usage lines and every usage error come from the declaration, rendered in one
/// place (``CommandSpec``, ``UsageError``).
///
/// ```swift
/// struct PruneCommand: Command {
///     static let spec = CommandSpec(name: "prune", abstract: "…", arguments: "[paths…]", argumentsHelp: "…",
///                                   options: [StandardOptions.dryRun.declaration, StandardOptions.root.declaration])
///     var dryRun: Bool
///     init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
///         dryRun = parsed.isSet(StandardOptions.dryRun)
///     }
///     func run(_ context: CommandContext) -> Int32 { … }
/// }
/// ```
protocol Command {
    /// The command's declaration.
    static var spec: CommandSpec { get }
    /// The command with its options read from `parsed` (already checked against ``spec``).
    /// - Throws: the usage error of an option value that does not fit.
    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError)
    /// Does the work; returns the exit status.
    func run(_ context: CommandContext) -> Int32
}

/// A command that is the run pipeline in a mode (`run`, `record`, `validate`, `explore`): its options are the
/// settings and the mode; running it is running ``RunPipeline``.
protocol PipelineCommand: Command {
    /// What to select, how to run it and where to report.
    var settings: RunSettings { get }
    /// What the workers do.
    var mode: WorkMode { get }
}

extension PipelineCommand {
    func run(_ context: CommandContext) -> Int32 {
        RunPipeline(
            settings: settings, mode: mode, context: context, usage: Self.spec.invoked(as: context.program).usage
        ).execute()
    }
}

/// A command as the dispatcher holds it: its declaration and how to read and run it.
struct CommandEntry: Sendable {
    /// The command's declaration.
    var spec: CommandSpec
    /// Reads the command's options from a parsed command line, then runs it.
    var run: @Sendable (ParsedArguments, CommandContext) throws(UsageError) -> Int32

    /// The entry of `command`.
    init<C: Command & SendableMetatype>(_ command: C.Type) {
        spec = C.spec
        run = { parsed, context throws(UsageError) in try C(parsed, context: context).run(context) }
    }
}

/// Every command, in the order `rehearsal --help` lists them.
let commands: [CommandEntry] = [
    CommandEntry(InitCommand.self), CommandEntry(NewCommand.self), CommandEntry(RunCommand.self),
    CommandEntry(RecordCommand.self),
    CommandEntry(ExploreCommand.self), CommandEntry(MutateCommand.self),
    CommandEntry(AcceptCommand.self), CommandEntry(ReportCommand.self), CommandEntry(ListCommand.self),
    CommandEntry(ValidateCommand.self), CommandEntry(MigrateCommand.self), CommandEntry(PruneCommand.self),
    CommandEntry(CheckJSONCommand.self), CommandEntry(WorkerCommand.self),
]
