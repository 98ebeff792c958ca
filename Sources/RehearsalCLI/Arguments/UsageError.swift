import Rehearsal
import ScenarioJSON

/// A command line the CLI cannot act on. Rendered in one place: `error: …`, an optional hint, then the usage line.
struct UsageError: Error, Equatable, Sendable {
    /// What is wrong.
    var message: String
    /// What to do, starting with a verb.
    var hint: String?
    /// The usage line of the command (or of `rehearsal` itself).
    var usage: String

    /// The text printed on stderr.
    var rendered: String {
        var lines = ["error: \(message)"]
        if let hint { lines.append("  hint: \(hint)") }
        lines.append(usage)
        return lines.joined(separator: "\n")
    }

    static func unknownOption(_ option: String, spec: CommandSpec) -> UsageError {
        let candidates = spec.options.map { "--\($0.name)" } + ["--help"]
        let hint =
            Suggestion.closest(to: option, in: candidates).map { "did you mean '\($0)'?" }
            ?? "run '\(spec.program) \(spec.name) --help' to see the options"
        return UsageError(message: "unknown option '\(option)'", hint: hint, usage: spec.usage)
    }

    static func unknownCommand(_ command: String, commands: [CommandSpec], program: String) -> UsageError {
        let names = commands.filter { !$0.hidden }.map(\.name)
        let hint =
            Suggestion.closest(to: command, in: names).map { "did you mean '\($0)'?" }
            ?? "use one of the commands: \(names.joined(separator: ", "))"
        return UsageError(message: "unknown command '\(command)'", hint: hint, usage: RehearsalCLI.usage(program))
    }
}
