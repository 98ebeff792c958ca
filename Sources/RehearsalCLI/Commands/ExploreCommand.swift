import Rehearsal
import ScenarioJSON

/// `rehearsal explore`: explores the schedules of each selected scenario on worker processes (a schedule that
/// crashes or hangs takes down only its worker, and is reported with its replay token), then hands the outcomes to
/// the reporters (see ``RunPipeline``). Exit status as for `run`: 0 every schedule passed, 1 a schedule failed, 64
/// usage, 65 invalid.
struct ExploreCommand: PipelineCommand {
    /// How schedules are chosen (`--strategy`).
    enum StrategyName: String, CaseIterable, Sendable {
        case exhaustive, random, pct
    }

    static let strategy = CommandOption<StrategyName>(
        "strategy", value: "name",
        help: "exhaustive (every schedule under --bound), random or pct (seeded). Default: exhaustive.",
        read: .choice(StrategyName.allCases.map { ($0.rawValue, $0) }))
    static let bound = CommandOption<Int>(
        "bound", value: "k", help: "exhaustive: at most k choices differ from the default order. Default: 2.",
        read: .wholeNumber(atLeast: 0))
    static let depth = CommandOption<Int>(
        "depth", value: "d", help: "pct: the bug depth (ordering constraints to hit). Default: 3.",
        read: .wholeNumber(atLeast: 1))
    static let seed = CommandOption<Int>(
        "seed", value: "n", help: "random and pct: the seed. Default: 1.", read: .wholeNumber(atLeast: 0))
    static let schedules = CommandOption<Int>(
        "schedules", value: "n", help: "At most n schedules per scenario. Default: 10000.",
        read: .wholeNumber(atLeast: 1))
    static let replay = CommandOption<ScheduleToken>(
        "replay", value: "token", help: "Run only the schedule of a replay token (one scenario).",
        read: .init { text, shown, usage throws(UsageError) in
            do throws(JSONError) {
                return try ScheduleToken(parsing: text)
            } catch {
                throw UsageError(
                    message: "invalid value for '\(shown)': \(error.message)", hint: error.hint, usage: usage)
            }
        })
    static let noShrink = CommandFlag("no-shrink", help: "Do not write a shrunk scenario for a failing schedule.")

    static let spec = CommandSpec(
        name: "explore", abstract: "Explore other schedules of scenarios and check their properties in each.",
        arguments: "[paths…]",
        argumentsHelp: "Scenario files or folders (searched for *.json). Default: Scenarios/.",
        options: [
            strategy.declaration, bound.declaration, depth.declaration, seed.declaration, schedules.declaration,
            replay.declaration, noShrink.declaration,
            StandardOptions.filter.with(help: "Explore scenarios whose name contains it, or matches it as a glob.")
                .declaration,
            StandardOptions.jobs.with(help: "Worker processes exploring scenarios in parallel. Default: 1.")
                .declaration,
            StandardOptions.timeout.with(help: "Wall-clock limit per schedule (e.g. 10s, 500ms). Default: 60s.")
                .declaration,
            StandardOptions.reporter.with(
                help: "Also report to github, junit:PATH, json:PATH, markdown:PATH or html:DIR (the console always "
                    + "reports, and says where each file was written)."
            ).declaration,
            StandardOptions.quiet.declaration, StandardOptions.root.declaration,
        ],
        examples: [
            ("explore Scenarios/random-user", "every schedule with at most 2 changes to the default order"),
            ("explore --strategy pct --depth 2 --schedules 500", "500 seeded PCT schedules per scenario"),
            (
                "explore Scenarios/search/responses-cross.json --replay x1.5f3a9c21.4-2",
                "replay the schedule a token names"
            ),
        ])

    var settings: RunSettings
    var options = ExploreOptions()

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        let usage = parsed.usage
        settings = try RunSettings(parsed, environment: context.environment)
        if settings.reporters.contains(where: { if case .trace = $0 { true } else { false } }) {
            throw UsageError(
                message: "reporter 'trace' is not available for explore",
                hint: "use html:DIR to see the failing schedule's timeline", usage: usage)
        }
        let strategy = try parsed.value(Self.strategy) ?? .exhaustive
        let applies: [(option: OptionDeclaration, given: Bool, applies: Bool, hint: String)] = [
            (
                Self.bound.declaration, parsed.isGiven(Self.bound), strategy == .exhaustive,
                "use --bound with --strategy exhaustive"
            ),
            (Self.depth.declaration, parsed.isGiven(Self.depth), strategy == .pct, "use --depth with --strategy pct"),
            (
                Self.seed.declaration, parsed.isGiven(Self.seed), strategy != .exhaustive,
                "use --seed with --strategy random or pct"
            ),
        ]
        let bound = try parsed.value(Self.bound) ?? 2
        let depth = try parsed.value(Self.depth) ?? 3
        let seed = UInt64(try parsed.value(Self.seed) ?? 1)
        options.limit = try parsed.value(Self.schedules) ?? options.limit
        for check in applies where check.given && !check.applies {
            throw UsageError(
                message: "'--\(check.option.name)' does not apply to --strategy \(strategy.rawValue)", hint: check.hint,
                usage: usage)
        }
        switch strategy {
        case .exhaustive: options.strategy = .exhaustive(bound: bound)
        case .random: options.strategy = .random(seed: seed)
        case .pct: options.strategy = .pct(seed: seed, depth: depth)
        }
        options.replay = try parsed.value(Self.replay)
        options.shrink = !parsed.isSet(Self.noShrink)
    }

    var mode: WorkMode { .explore(options) }
}
