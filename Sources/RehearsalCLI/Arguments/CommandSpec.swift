/// One command's declaration: its name, what it does, its options, arguments and examples.
///
/// Help, usage lines and parse errors are all generated from it, so they never disagree.
struct CommandSpec: Sendable {
    /// An option such as `--record <mode>` or the flag `--strict`.
    struct Option: Sendable {
        /// The long name without dashes (`record`).
        var name: String
        /// The name shown for the option's value (`mode`), or `nil` for a flag.
        var value: String?
        /// One line of help.
        var help: String
        /// Whether the option may be given more than once (`--reporter`).
        var repeatable = false
    }

    /// The command's name (`run`).
    var name: String
    /// One line saying what it does.
    var abstract: String
    /// How the positional arguments are shown (`[paths…]`), or `nil` when the command takes none.
    var arguments: String?
    /// Help for the positional arguments.
    var argumentsHelp: String?
    /// The options, in the order help lists them.
    var options: [Option]
    /// Example command lines (after the program's name) with a comment each.
    var examples: [(command: String, comment: String)] = []
    /// Hidden commands (the worker) are left out of the command list.
    var hidden = false
    /// The executable as it was invoked (`rehearsal`, `store-rehearsal`, `swift package rehearsal`), which usage
    /// lines, examples and hints name.
    var program = "rehearsal"

    /// This command as named by `program`.
    func invoked(as program: String) -> CommandSpec {
        var copy = self
        copy.program = program
        return copy
    }

    /// `usage: rehearsal run [options] [paths…]`.
    var usage: String {
        var line = "usage: \(program) \(name)"
        if !options.isEmpty { line += " [options]" }
        if let arguments { line += " \(arguments)" }
        return line
    }

    /// The full `--help` text.
    var help: String {
        var lines = ["OVERVIEW: \(abstract)", "", usage.replacingOccurrences(of: "usage: ", with: "USAGE: ")]
        if let arguments, let argumentsHelp {
            lines += ["", "ARGUMENTS:", Self.row(arguments, argumentsHelp)]
        }
        lines += ["", "OPTIONS:"]
        for option in options {
            var label = "--\(option.name)"
            if let value = option.value { label += " <\(value)>" }
            lines.append(Self.row(label, option.help + (option.repeatable ? " (repeatable)" : "")))
        }
        lines.append(Self.row("-h, --help", "Show help for this command."))
        if !examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            for example in examples {
                lines.append("  # \(example.comment)")
                lines.append("  \(program) \(example.command)")
            }
        }
        return lines.joined(separator: "\n")
    }

    func option(named name: String) -> Option? {
        options.first { $0.name == name }
    }

    private static func row(_ label: String, _ text: String) -> String {
        let padded = label.count < 24 ? label + String(repeating: " ", count: 24 - label.count) : label + "  "
        return "  " + padded + text
    }
}
