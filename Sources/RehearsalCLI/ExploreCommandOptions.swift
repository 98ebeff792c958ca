import Foundation
import Rehearsal
import ScenarioJSON

/// The options of `explore`, read from a parsed command line.
struct ExploreCommandOptions {
    var paths: [String]
    var root: String
    var filter: String?
    var jobs = 1
    var timeout = ScenarioTimeout.defaultSeconds
    var reporters: [RunOptions.ReporterChoice] = [.console]
    /// `--quiet`: the console prints only where reports were written and the summary line.
    var quiet = false
    var explore = ExploreOptions()

    static let strategies = ["exhaustive", "random", "pct"]

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> ExploreCommandOptions {
        let usage = CommandSpec.explore.invoked(as: parsed.program).usage
        var options = ExploreCommandOptions(
            paths: parsed.positionals.isEmpty ? ["Scenarios"] : parsed.positionals,
            root: RunOptions.absoluteRoot(parsed.value("root")))
        options.filter = parsed.value("filter")
        func number(_ name: String, minimum: Int) throws(UsageError) -> Int? {
            guard let text = parsed.value(name) else { return nil }
            guard let value = Int(text), value >= minimum else {
                throw UsageError(
                    message:
                        "invalid value '\(text)' for '--\(name) <\(CommandSpec.explore.option(named: name)?.value ?? "n")>'",
                    hint: "give a whole number of \(minimum) or more", usage: usage)
            }
            return value
        }
        options.jobs = try number("jobs", minimum: 1) ?? 1
        let bound = try number("bound", minimum: 0) ?? 2
        let depth = try number("depth", minimum: 1) ?? 3
        let seed = UInt64(try number("seed", minimum: 0) ?? 1)
        options.explore.limit = try number("schedules", minimum: 1) ?? options.explore.limit
        let strategy = parsed.value("strategy") ?? "exhaustive"
        switch strategy {
        case "exhaustive": options.explore.strategy = .exhaustive(bound: bound)
        case "random": options.explore.strategy = .random(seed: seed)
        case "pct": options.explore.strategy = .pct(seed: seed, depth: depth)
        default:
            let hint =
                Suggestion.closest(to: strategy, in: strategies).map { "did you mean '\($0)'?" }
                ?? "use one of: \(strategies.joined(separator: ", "))"
            throw UsageError(message: "invalid value '\(strategy)' for '--strategy <name>'", hint: hint, usage: usage)
        }
        for (name, applies) in [
            ("bound", strategy == "exhaustive"), ("depth", strategy == "pct"),
            ("seed", strategy != "exhaustive"),
        ] where parsed.value(name) != nil && !applies {
            throw UsageError(
                message: "'--\(name)' does not apply to --strategy \(strategy)",
                hint: name == "bound"
                    ? "use --bound with --strategy exhaustive"
                    : name == "depth"
                        ? "use --depth with --strategy pct" : "use --seed with --strategy random or pct", usage: usage)
        }
        if let replay = parsed.value("replay") {
            do {
                _ = try ScheduleToken(parsing: replay)
            } catch {
                throw UsageError(
                    message: "invalid value for '--replay <token>': \(error.message)", hint: error.hint, usage: usage)
            }
            options.explore.replay = replay
        }
        options.explore.shrink = !parsed.flags.contains("no-shrink")
        if let timeout = parsed.value("timeout") { options.timeout = try ScenarioTimeout.parse(timeout, usage: usage) }
        if let reporters = parsed.values["reporter"] {
            options.reporters = try reporters.map { value throws(UsageError) in
                let choice = try RunOptions.reporter(value, usage: usage)
                if case .trace = choice {
                    throw UsageError(
                        message: "reporter 'trace' is not available for explore",
                        hint: "use html:DIR to see the failing schedule's timeline", usage: usage)
                }
                return choice
            }
        }
        options.quiet = parsed.flags.contains("quiet")
        return options
    }

    /// The options as the HTML report lists them.
    var entries: [RunOptions.Entry] {
        var entries = [
            RunOptions.Entry(name: "paths", value: paths.joined(separator: " ")),
            RunOptions.Entry(name: "strategy", value: explore.strategy.description),
            RunOptions.Entry(name: "schedules", value: String(explore.limit)),
            RunOptions.Entry(name: "jobs", value: String(jobs)),
            RunOptions.Entry(name: "timeout", value: ScenarioTimeout.describe(timeout)),
        ]
        if let replay = explore.replay { entries.append(RunOptions.Entry(name: "replay", value: replay)) }
        if let filter { entries.append(RunOptions.Entry(name: "filter", value: filter)) }
        return entries
    }
}
