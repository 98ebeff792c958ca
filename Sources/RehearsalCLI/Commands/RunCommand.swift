import Rehearsal

/// `rehearsal run`: selects scenarios, runs them on worker processes, retries failures, finds obsolete goldens and
/// hands the report to every reporter (see ``RunPipeline``). SIGINT and SIGTERM stop it early with the reports of
/// what finished (exit 130 and 143).
struct RunCommand: PipelineCommand {
    /// The options `run` and `record` share.
    static let options: [OptionDeclaration] = [
        StandardOptions.record.declaration, StandardOptions.filter.declaration, StandardOptions.jobs.declaration,
        StandardOptions.shard.declaration, StandardOptions.durations.declaration, StandardOptions.timeout.declaration,
        StandardOptions.retries.declaration,
        StandardOptions.reporter.declaration, StandardOptions.quiet.declaration, StandardOptions.strict.declaration,
        StandardOptions.ci.declaration, StandardOptions.root.declaration,
    ]

    static let spec = CommandSpec(
        name: "run", abstract: "Run scenarios and compare their timelines with the goldens.",
        arguments: "[paths…]",
        argumentsHelp: "Scenario files or folders (searched for *.json). Default: Scenarios/.",
        options: options,
        examples: [
            ("run", "run every scenario under Scenarios/"),
            ("run --filter 'contributors/*' --jobs 4", "run some scenarios on 4 worker processes"),
            ("run --reporter github --reporter junit:results.xml --shard 1/3", "one CI shard of three"),
        ])

    var settings: RunSettings
    /// `--record`, or the default for where it runs (`never` on CI, `missing` elsewhere).
    var record: RecordMode

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        settings = try RunSettings(parsed, environment: context.environment)
        record = try parsed.value(StandardOptions.record) ?? settings.ci.defaultRecordMode
    }

    var mode: WorkMode { .check(record) }
}

/// `rehearsal record`: `run --record all`.
struct RecordCommand: PipelineCommand {
    static let spec = CommandSpec(
        name: "record", abstract: "Run scenarios and (re)write their goldens (run --record all).",
        arguments: "[paths…]", argumentsHelp: "Scenario files or folders. Default: Scenarios/.",
        options: RunCommand.options.filter { $0.name != "record" && $0.name != "retries" },
        examples: [("record Scenarios/contributors", "record the goldens of one folder")])

    var settings: RunSettings

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        settings = try RunSettings(parsed, environment: context.environment)
    }

    var mode: WorkMode { .check(.all) }
}

/// `rehearsal validate`: plays each selected scenario (in a worker) without comparing it with its golden and reports
/// what is wrong with the file: ViewModel, config, inputs and their values, mock methods and bodies, `when`
/// arguments, masks. Exits 65 when every failing scenario is an invalid file (1 when any failed while playing: a
/// mock finding, a crash, a hang), 130 or 143 when interrupted, as `run` does.
struct ValidateCommand: PipelineCommand {
    static let spec = CommandSpec(
        name: "validate", abstract: "Play scenarios without comparing them; report mistakes in the files.",
        arguments: "[paths…]", argumentsHelp: "Scenario files or folders. Default: Scenarios/.",
        options: [
            StandardOptions.filter.declaration, StandardOptions.jobs.declaration, StandardOptions.timeout.declaration,
            StandardOptions.reporter.declaration, StandardOptions.quiet.declaration, StandardOptions.root.declaration,
        ],
        examples: [("validate Scenarios/search", "check the search scenarios")])

    var settings: RunSettings

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        settings = try RunSettings(parsed, environment: context.environment)
    }

    var mode: WorkMode { .validate }
}
