import Rehearsal
import ScenarioJSON

/// One option of a command, with the type its value becomes: its name and help (for `--help`, usage errors and
/// "did you mean") and how its text is read. A command declares its options as values of this type and reads them
/// through ``ParsedArguments/value(_:)``, so no option is read by its name outside the parser.
///
/// ```swift
/// static let jobs = CommandOption<Int>("jobs", value: "n", help: "Worker processes. Default: 1.",
///                                      read: .wholeNumber(atLeast: 1))
/// let jobs = try parsed.value(Self.jobs) ?? 1
/// ```
struct CommandOption<Value>: Sendable {
    /// How the option shows in help and errors.
    var declaration: OptionDeclaration
    /// Turns the given text into the value, or throws the usage error that says why it cannot.
    var read: Reader

    /// How a text becomes a value: the text, the option as shown (`--jobs <n>`) and the command's usage line.
    struct Reader: Sendable {
        var read: @Sendable (_ text: String, _ shown: String, _ usage: String) throws(UsageError) -> Value
    }

    /// Declares `--name <value>`.
    init(_ name: String, value: String, help: String, repeatable: Bool = false, read: Reader) {
        declaration = OptionDeclaration(name: name, value: value, help: help, repeatable: repeatable)
        self.read = read
    }

    /// The same option with another help line (one command says "Run scenarios…", another "Explore…").
    func with(help: String) -> CommandOption {
        var copy = self
        copy.declaration.help = help
        return copy
    }
}

/// A flag of a command (`--strict`): given or not.
struct CommandFlag: Sendable {
    var declaration: OptionDeclaration

    /// Declares `--name`.
    init(_ name: String, help: String) {
        declaration = OptionDeclaration(name: name, value: nil, help: help)
    }

    /// The same flag with another help line.
    func with(help: String) -> CommandFlag {
        var copy = self
        copy.declaration.help = help
        return copy
    }
}

/// What help and the parser know of an option or a flag, whatever its type.
struct OptionDeclaration: Sendable {
    /// The long name without dashes (`record`).
    var name: String
    /// The name shown for the option's value (`mode`), or `nil` for a flag.
    var value: String?
    /// One line of help.
    var help: String
    /// Whether the option may be given more than once (`--reporter`).
    var repeatable = false

    /// `--jobs <n>`, or `--strict`.
    var shown: String { value.map { "--\(name) <\($0)>" } ?? "--\(name)" }
}

extension CommandOption.Reader where Value == String {
    /// The text as given.
    static let text = Self { text, _, _ throws(UsageError) in text }
}

extension CommandOption.Reader where Value == Int {
    /// A whole number of `minimum` or more.
    static func wholeNumber(atLeast minimum: Int) -> Self {
        Self { text, shown, usage throws(UsageError) in
            guard let number = Int(text), number >= minimum else {
                throw UsageError(
                    message: "invalid value '\(text)' for '\(shown)'",
                    hint: "give a whole number of \(minimum) or more", usage: usage)
            }
            return number
        }
    }
}

extension CommandOption.Reader {
    /// One of `choices` by its name (`--record failed`), with "did you mean" for a near miss.
    static func choice(_ choices: [(name: String, value: Value)]) -> Self where Value: Sendable {
        Self { text, shown, usage throws(UsageError) in
            if let found = choices.first(where: { $0.name == text }) { return found.value }
            let names = choices.map(\.name)
            let hint =
                Suggestion.closest(to: text, in: names).map { "did you mean '\($0)'?" }
                ?? "use one of: \(names.joined(separator: ", "))"
            throw UsageError(message: "invalid value '\(text)' for '\(shown)'", hint: hint, usage: usage)
        }
    }
}
