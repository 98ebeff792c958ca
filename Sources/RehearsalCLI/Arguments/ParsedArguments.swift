import Rehearsal
import ScenarioJSON

/// A command line parsed against a ``CommandSpec``: option values by name, flags, and positional arguments.
///
/// Commands read it only through their typed options (``value(_:)``, ``values(_:)``, ``isSet(_:)``), which turn
/// the text into values and a bad value into the usage error that names it.
struct ParsedArguments: Equatable, Sendable {
    /// Values of options that take one, in the order given (`reporter` → `["console", "junit:out.xml"]`).
    var values: [String: [String]] = [:]
    /// Flags that were given (`strict`).
    var flags: Set<String> = []
    /// Positional arguments in order.
    var positionals: [String] = []
    /// The positional arguments as paths, with the exact bytes the process was given (a name that is not UTF-8
    /// keeps them; ``positionals`` has it repaired).
    var positionalPaths: [PathName] = []
    /// Whether `-h`/`--help` was given.
    var wantsHelp = false
    /// The executable as it was invoked (the spec's `program`), for usage lines and hints.
    var program = "rehearsal"
    /// The command's usage line, for the errors of values that do not parse.
    var usage = ""

    /// Parses `arguments` (without the command name). `--name=value` and `--name value` are both accepted;
    /// everything after `--` is positional. `raw`, when given, holds each argument's bytes as the process got them
    /// (one per argument), from which positional paths are taken.
    static func parse(
        _ arguments: [String], raw: [[UInt8]]? = nil, spec: CommandSpec
    ) throws(UsageError) -> ParsedArguments {
        let raw = raw?.count == arguments.count ? raw : nil
        var parsed = ParsedArguments()
        parsed.program = spec.program
        parsed.usage = spec.usage
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                parsed.positionalPaths.append(raw.map { PathName(bytes: $0[index - 1]) } ?? PathName(argument))
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                parsed.wantsHelp = true
                continue
            }
            var name = String(argument.drop { $0 == "-" })
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard argument.hasPrefix("--"), let option = spec.option(named: name) else {
                throw .unknownOption(inlineValue == nil ? argument : "--\(name)", spec: spec)
            }
            guard let valueName = option.value else {
                if inlineValue != nil {
                    throw UsageError(
                        message: "option '--\(name)' takes no value", hint: "write '--\(name)' alone", usage: spec.usage
                    )
                }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(
                    message: "missing value for '--\(name) <\(valueName)>'", hint: "add a value: \(option.help)",
                    usage: spec.usage)
            }
            if !option.repeatable, parsed.values[name] != nil {
                throw UsageError(
                    message: "option '--\(name)' given more than once", hint: "give '--\(name)' once",
                    usage: spec.usage)
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }

    /// The positional paths, or the scenarios folder when none were given: what a command about scenario files
    /// works on.
    var pathsOrScenariosFolder: [PathName] {
        positionalPaths.isEmpty ? [PathName(ScenarioLoader.defaultScenariosFolder)] : positionalPaths
    }

    /// The value of `option` (its last, when given more than once), or `nil` when it was not given.
    /// - Throws: the usage error of a value that does not parse.
    func value<Value>(_ option: CommandOption<Value>) throws(UsageError) -> Value? {
        guard let text = values[option.declaration.name]?.last else { return nil }
        return try option.read.read(text, option.declaration.shown, usage)
    }

    /// Every value of a repeatable `option`, in the order given.
    /// - Throws: the usage error of the first value that does not parse.
    func values<Value>(_ option: CommandOption<Value>) throws(UsageError) -> [Value] {
        var read: [Value] = []
        for text in values[option.declaration.name] ?? [] {
            read.append(try option.read.read(text, option.declaration.shown, usage))
        }
        return read
    }

    /// Whether `option` was given at all.
    func isGiven<Value>(_ option: CommandOption<Value>) -> Bool {
        values[option.declaration.name] != nil
    }

    /// Whether `flag` was given.
    func isSet(_ flag: CommandFlag) -> Bool {
        flags.contains(flag.declaration.name)
    }
}
