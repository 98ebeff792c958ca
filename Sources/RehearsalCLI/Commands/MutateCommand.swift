import Rehearsal
import ScenarioJSON

/// `rehearsal mutate`: plays each selected scenario as written, then once per mutant of every operator call it
/// reached (a debounce made zero, a `removeDuplicates()` that lets everything through…), on the worker pool, and
/// reports per ViewModel which mutants some scenario noticed and which all of them let through (see
/// ``MutationRun``). Exit status: 0, or 1 when the score is under `--min-score`; 64 usage; 130 and 143 interrupted.
struct MutateCommand: Command {
    static let maxMutants = CommandOption<Int>(
        "max-mutants", value: "n", help: "Play at most n mutants (the first in ViewModel and call-site order).",
        read: .wholeNumber(atLeast: 1))
    static let minScore = CommandOption<Int>(
        "min-score", value: "percent", help: "Exit 1 when under percent of the mutants reached are killed. Default: 0.",
        read: .wholeNumber(atLeast: 0))

    static let spec = CommandSpec(
        name: "mutate", abstract: "Change operators at run time and report which changes the scenarios notice.",
        arguments: "[paths…]",
        argumentsHelp: "Scenario files or folders (searched for *.json). Default: Scenarios/.",
        options: [
            maxMutants.declaration, minScore.declaration,
            StandardOptions.filter.with(help: "Play scenarios whose name contains it, or matches it as a glob.")
                .declaration,
            StandardOptions.jobs.with(help: "Worker processes playing scenarios in parallel. Default: 1.")
                .declaration,
            StandardOptions.timeout.with(help: "Wall-clock limit per play (e.g. 10s, 500ms). Default: 60s.")
                .declaration,
            StandardOptions.reporter.with(
                help: "Also report to json:PATH or html:DIR (the console always reports, and says where each file "
                    + "was written)."
            ).declaration,
            StandardOptions.quiet.declaration, StandardOptions.root.declaration,
        ],
        examples: [
            ("mutate", "every mutant of every bundled scenario's ViewModel"),
            ("mutate Scenarios/search --min-score 90", "fail unless 90% of the Search mutants are killed"),
            ("mutate --max-mutants 20 --reporter json:mutants.json", "the first 20 mutants, also as JSON"),
        ])

    var settings: RunSettings
    var maxMutants: Int?
    var minScore: Int

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        settings = try RunSettings(parsed, environment: context.environment)
        for choice in settings.reporters {
            switch choice {
            case .console, .json, .html: continue
            default:
                throw UsageError(
                    message: "reporter '\(choice.file?.reporter ?? "github")' is not available for mutate",
                    hint: "use json:PATH or html:DIR", usage: parsed.usage)
            }
        }
        maxMutants = try parsed.value(Self.maxMutants)
        minScore = try parsed.value(Self.minScore) ?? 0
        guard minScore <= 100 else {
            throw UsageError(
                message: "invalid value '\(minScore)' for '--min-score'", hint: "give a percentage from 0 to 100",
                usage: parsed.usage)
        }
    }

    func run(_ context: CommandContext) -> Int32 {
        MutationRun(
            settings: settings, maxMutants: maxMutants, minScore: minScore, context: context,
            usage: Self.spec.invoked(as: context.program).usage
        ).execute()
    }
}
