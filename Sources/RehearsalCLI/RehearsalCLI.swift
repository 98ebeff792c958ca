import Foundation
import Rehearsal

/// The `rehearsal` command line as a library: a team's executable passes its catalog and is done.
///
/// ```swift
/// // Sources/my-rehearsal/main.swift
/// import MyCatalog
/// import RehearsalCLI
///
/// RehearsalCLI.main(catalog: myCatalog)
/// ```
///
/// Call it from the executable's top-level code: scenarios run on the main thread (of worker processes, which
/// are this same executable started again).
public enum RehearsalCLI {
    /// Runs the command in `arguments` (the first element is the program name) and exits with its status:
    /// 0 all passed, 1 failures, 64 usage error, 65 invalid scenario files.
    public static func main(catalog: Catalog, arguments: [String] = CommandLine.arguments) -> Never {
        let environment = ProcessInfo.processInfo.environment
        // The process's own arguments keep their bytes: a path that is not UTF-8 is found as it was given.
        let raw = arguments == CommandLine.arguments ? Array(rawArguments().dropFirst()) : nil
        let status = run(
            catalog: catalog, arguments: Array(arguments.dropFirst()), raw: raw, environment: environment,
            console: .standard, program: program(arguments: arguments, environment: environment), relaunch: arguments)
        exit(status)
    }

    /// The process's arguments as the bytes it was given (`CommandLine.arguments` repairs invalid UTF-8).
    static func rawArguments() -> [[UInt8]] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }

    /// The variable a launcher sets to say how users invoke this executable, when that is not its own name: the
    /// `swift package rehearsal` plugin sets `swift package rehearsal`, so that hints name a command on the PATH.
    public static let invokedAsVariable = "REHEARSAL_INVOKED_AS"

    /// How hints and usage lines name this executable: ``invokedAsVariable`` when set; `swift run store-rehearsal`
    /// when it is a product in the `.build` folder of the package it runs in (`directory`), as under `swift run`,
    /// since its file name alone is not on the PATH; else the file name it was started as (`store-rehearsal`).
    static func program(
        arguments: [String], environment: [String: String],
        directory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        if let invoked = environment[invokedAsVariable]?.trimmingCharacters(in: .whitespaces), !invoked.isEmpty {
            return invoked
        }
        guard let started = arguments.first, !started.isEmpty else { return "rehearsal" }
        let name = (started as NSString).lastPathComponent
        guard started.contains("/") else { return name }
        let folder = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        let executable = URL(fileURLWithPath: started, relativeTo: URL(fileURLWithPath: folder + "/"))
            .resolvingSymlinksInPath().path
        let build = folder + (folder.hasSuffix("/") ? "" : "/") + ".build/"
        guard executable.hasPrefix(build) else { return name }
        // `.build/x86_64-unknown-linux-gnu/release/store-rehearsal` was built by `swift build -c release`.
        let release = executable.dropFirst(build.count).split(separator: "/").dropLast().contains("release")
        return release ? "swift run -c release \(name)" : "swift run \(name)"
    }

    /// Runs the command in `arguments` (without the program name) and returns its exit status.
    /// `program` is the executable's name as invoked (`store-rehearsal`), which hints name; `relaunch` is the whole
    /// command line when the process may start itself again with it (see ``CommandContext/relaunch``).
    static func run(
        catalog: Catalog, arguments: [String], raw: [[UInt8]]? = nil, environment: [String: String],
        console: Console, program: String = "rehearsal", relaunch: [String]? = nil
    ) -> Int32 {
        guard let name = arguments.first else {
            console.error(help(program))
            return ExitCode.usage
        }
        if ["--help", "-h", "help"].contains(name) {
            console.output(help(program) + "\n")
            return ExitCode.success
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            let error =
                name.hasPrefix("-")
                ? UsageError(
                    message: "unknown option '\(name)'",
                    hint: "put options after the command, such as '\(program) run \(name)'",
                    usage: usage(program))
                : UsageError.unknownCommand(name, commands: commands.map(\.spec), program: program)
            console.error(error.rendered)
            return ExitCode.usage
        }
        let spec = command.spec.invoked(as: program)
        let context = CommandContext(
            catalog: catalog, environment: environment, console: console, program: program, relaunch: relaunch)
        do throws(UsageError) {
            let parsed = try ParsedArguments.parse(
                Array(arguments.dropFirst()), raw: raw.map { Array($0.dropFirst()) }, spec: spec)
            if parsed.wantsHelp {
                console.output(spec.help + "\n")
                return ExitCode.success
            }
            if let error = unexpectedArguments(spec, parsed) { throw error }
            if let error = try missingRoot(parsed, spec) { throw error }
            return try command.run(parsed, context)
        } catch {
            console.error(error.rendered)
            return ExitCode.usage
        }
    }

    private static func unexpectedArguments(_ spec: CommandSpec, _ parsed: ParsedArguments) -> UsageError? {
        guard spec.arguments == nil, let first = parsed.positionals.first else { return nil }
        return UsageError(
            message: "unexpected argument '\(first)'", hint: "remove it; '\(spec.name)' takes no arguments",
            usage: spec.usage)
    }

    /// A usage error when `--root` names no folder: every command refuses it alike, before reading or writing
    /// anything (a missing root is never "nothing to do").
    private static func missingRoot(_ parsed: ParsedArguments, _ spec: CommandSpec) throws(UsageError) -> UsageError? {
        guard let given = try parsed.value(StandardOptions.root) else { return nil }
        var isDirectory: ObjCBool = false
        let root = StandardOptions.absoluteRoot(given)
        if FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue { return nil }
        return UsageError(
            message: "invalid value '\(given)' for '--root <dir>': no such folder",
            hint: "give the folder of the package whose Scenarios/ the command works on", usage: spec.usage)
    }

    /// `usage: rehearsal <command> [options] [arguments]`, naming `program`.
    static func usage(_ program: String) -> String {
        "usage: \(program) <command> [options] [arguments]"
    }

    /// The top-level help: commands with their abstracts, naming `program`.
    static func help(_ program: String) -> String {
        var lines = [
            "OVERVIEW: Run ViewModel scenarios on a virtual clock and compare them with golden timelines.", "",
        ]
        lines.append("USAGE: \(program) <command> [options] [arguments]")
        lines += ["", "COMMANDS:"]
        for spec in commands.map(\.spec) where !spec.hidden {
            let padded = spec.name + String(repeating: " ", count: max(2, 12 - spec.name.count))
            lines.append("  \(padded)\(spec.abstract)")
        }
        lines += [
            "", "  See '\(program) <command> --help' for a command's options and examples.", "",
            "EXIT STATUS:",
            "  0 all passed (recorded goldens count as passed, except under CI), 1 failures, 64 usage error,",
            "  65 invalid scenario files (when every failure is one; a scenario that also fails while playing",
            "  makes it 1).",
        ]
        return lines.joined(separator: "\n")
    }
}
