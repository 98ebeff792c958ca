/// One command's declaration: its name, what it does, its options, arguments and examples.
///
/// Help, usage lines and parse errors are all generated from it, so they never disagree. Each command type
/// (``Command``) has one; its options are the typed ``CommandOption``s and ``CommandFlag``s it reads.
struct CommandSpec: Sendable {
    /// The command's name (`run`).
    var name: String
    /// One line saying what it does.
    var abstract: String
    /// How the positional arguments are shown (`[paths…]`), or `nil` when the command takes none.
    var arguments: String?
    /// Help for the positional arguments.
    var argumentsHelp: String?
    /// The options, in the order help lists them.
    var options: [OptionDeclaration]
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

    func option(named name: String) -> OptionDeclaration? {
        options.first { $0.name == name }
    }

    private static func row(_ label: String, _ text: String) -> String {
        let padded = label.count < 24 ? label + String(repeating: " ", count: 24 - label.count) : label + "  "
        return "  " + padded + text
    }
}
