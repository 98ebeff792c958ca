import Foundation
import Rehearsal
import ScenarioJSON

/// `rehearsal new --viewmodel NAME PATH`: writes a starter scenario for a ViewModel of the catalog from what the
/// ViewModel shows of itself (its config, its inputs, the mock calls it makes; see ``StarterScenario``), never over
/// an existing file. Recording it then gives the first golden.
struct NewCommand: Command {
    static let viewModel = CommandOption<String>(
        "viewmodel", value: "name", help: "The catalog name of the ViewModel (required).", read: .text)
    static let config = CommandOption<JSONValue>(
        "config", value: "json", help: "The scenario's config, instead of one made up from its type.",
        read: .init { text, shown, usage throws(UsageError) in
            do throws(JSONError) {
                return try JSONParser().parseValue(text)
            } catch {
                throw UsageError(
                    message: "invalid value for '\(shown)': \(error.message)",
                    hint: "write the config as JSON, such as '{\"storeId\": 42}'", usage: usage)
            }
        })

    static let spec = CommandSpec(
        name: "new", abstract: "Write a starter scenario for a ViewModel, from what it shows of itself.",
        arguments: "<path>",
        argumentsHelp: "The scenario file to write; it must not exist. Relative to --root.",
        options: [
            viewModel.declaration, config.declaration,
            StandardOptions.root.with(help: "The package root. Default: .").declaration,
        ],
        examples: [
            ("new --viewmodel Contributors Scenarios/contributors/first.json", "a first scenario, to record"),
            (
                "new --viewmodel Contributors --config '{\"storeId\": 42}' Scenarios/contributors/store-42.json",
                "with the config given"
            ),
        ])

    var root: String
    var name: String
    var path: String
    var givenConfig: JSONValue?

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        let usage = Self.spec.invoked(as: context.program).usage
        root = StandardOptions.absoluteRoot(try parsed.value(StandardOptions.root))
        let names = context.catalog.names
        guard let name = try parsed.value(Self.viewModel) else {
            throw UsageError(
                message: "missing '--viewmodel <name>'",
                hint: "name one of the catalog's ViewModels: \(names.joined(separator: ", "))", usage: usage)
        }
        guard names.contains(name) else {
            let hint =
                Suggestion.closest(to: name, in: names).map { "did you mean '\($0)'? ViewModels: " }
                ?? "use one of the catalog's ViewModels: "
            throw UsageError(
                message: "unknown ViewModel '\(name)'", hint: hint + names.joined(separator: ", "), usage: usage)
        }
        guard parsed.positionals.count == 1, let given = parsed.positionals.first else {
            throw UsageError(
                message: parsed.positionals.isEmpty
                    ? "missing the scenario file to write"
                    : "'new' writes one scenario file, and got "
                        + "\(parsed.positionals.count)",
                hint: "give its path, such as Scenarios/\(name.lowercased())/first.json", usage: usage)
        }
        let path = ScenarioSelection.relative(given, to: root)
        guard ScenarioLoader.isScenarioFile(path) else {
            throw UsageError(
                message: "'\(given)' is not a scenario file name",
                hint: "name it *.json (not *.timeline.json or *.schema.json), such as "
                    + "Scenarios/\(name.lowercased())/first.json", usage: usage)
        }
        self.name = name
        self.path = path
        givenConfig = try parsed.value(Self.config)
    }

    func run(_ context: CommandContext) -> Int32 {
        let console = context.console
        let store = GoldenStore(root: root)
        let absolute = store.absolute(path)
        guard !Self.exists(absolute) else {
            console.error(Self.refusal(overwriting: path).description)
            return ExitCode.failure
        }
        let starter: StarterScenario
        switch StarterScenario.make(
            viewModel: name, catalog: context.catalog, root: root, path: path, config: givenConfig)
        {
        case .success(let made):
            starter = made
        case .failure(let failure):
            // What stops the ViewModel from being built, then that nothing was written.
            console.error(
                (failure.findings.map(\.diagnostic.description) + [
                    "note: no starter scenario was written to \(path): ViewModel '\(name)' could not be built"
                ]).joined(separator: "\n"))
            return ExitCode.failure
        }
        do {
            guard try AtomicFile().create(Array(starter.text.utf8), at: absolute, shownPath: path) else {
                console.error(Self.refusal(overwriting: path).description)
                return ExitCode.failure
            }
        } catch {
            console.error(error.description)
            return ExitCode.failure
        }
        let advice = RecordAdvice(tool: .commandLine(context.program))
        let keys = starter.mockKeys.isEmpty ? "" : " (\(starter.mockKeys.joined(separator: ", ")))"
        var lines = [
            "wrote \(path): \(starter.stepCount) step\(starter.stepCount == 1 ? "" : "s") (one per input), "
                + "\(starter.mockKeys.count) mock key\(starter.mockKeys.count == 1 ? "" : "s") called\(keys)"
        ]
        lines += starter.notes.map { "  note: " + $0 }
        guard starter.problems.isEmpty else {
            console.output(lines.joined(separator: "\n") + "\n")
            console.error(
                (["error: the starter scenario does not pass yet:"] + starter.problems.map(\.diagnostic.description))
                    .joined(separator: "\n"))
            return ExitCode.failure
        }
        lines.append(
            "next: fill in the description and the answers, then '\(advice.command("record \(path)"))' records its "
                + "golden; review it and commit both")
        console.output(lines.joined(separator: "\n") + "\n")
        return ExitCode.success
    }

    /// Whether anything has the name, even a dangling link.
    private static func exists(_ absolute: String) -> Bool {
        var status = stat()
        return lstat(absolute, &status) == 0
    }

    /// The refusal to write over `path`.
    private static func refusal(overwriting path: String) -> Diagnostic {
        Diagnostic(
            .error, location: SourceLocation(path: path), message: "the file exists, and 'new' never writes over one",
            hint: "give a path nothing has, or remove the file first")
    }
}
