import Foundation
import PackagePlugin

/// `swift package rehearsal <command> [options]`: builds the package's catalog executable (an executable target
/// that depends on `RehearsalCLI`) and runs it with the command in the package directory, so `new`, `run`, `record`,
/// `accept`, `list`, `validate`, `prune` and the others work in a team's package without naming the executable.
/// (`init`, which writes that executable, runs from Rehearsal's own checkout until it exists:
/// `swift run --package-path ../Rehearsal rehearsal init …`.)
///
/// `--product NAME` chooses the executable when the package has several. The executable is told how it was invoked
/// with the permission flag every command of the plugin needs
/// (`REHEARSAL_INVOKED_AS=swift package --allow-writing-to-package-directory rehearsal`), so the commands its hints
/// name can be pasted as they are. The plugin asks for permission to write to the package directory (`--allow-writing-to-package-directory`): `record`, `accept` and `prune` write goldens,
/// and `run` records missing ones and keeps the timelines of failing runs. SwiftPM asks per plugin, not per
/// command, so `list` and `validate` ask too, though they write nothing.
@main
struct RehearsalCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = arguments
        let requested = try Self.takeProduct(from: &arguments)
        let name = try Self.executable(in: context.package, requested: requested, command: arguments.first)
        let build = try packageManager.build(
            .product(name), parameters: PackageManager.BuildParameters(configuration: .debug, logging: .concise))
        guard build.succeeded else {
            print(build.logText)
            throw RehearsalCommandError("building '\(name)' failed (the build log is above)")
        }
        guard
            let built = build.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == name }
            )
        else {
            throw RehearsalCommandError("the build of '\(name)' produced no executable")
        }
        let process = Process()
        process.executableURL = built.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        // Hints and usage lines name the command users typed, not the executable's file name (not on the PATH),
        // with the flag without which SwiftPM stops the plugin off a terminal.
        var environment = ProcessInfo.processInfo.environment
        environment["REHEARSAL_INVOKED_AS"] =
            "swift package --allow-writing-to-package-directory rehearsal"
            + (requested.map { " --product \($0)" } ?? "")
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // The executable printed what went wrong; its status is the command's (1 failures, 64 usage, 65 invalid).
            exit(process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus)
        }
    }

    /// Removes `--product NAME` (or `--product=NAME`) from `arguments` and returns `NAME`.
    static func takeProduct(from arguments: inout [String]) throws -> String? {
        if let index = arguments.firstIndex(of: "--product") {
            guard arguments.indices.contains(index + 1) else {
                throw RehearsalCommandError("--product needs the name of an executable")
            }
            let name = arguments[index + 1]
            arguments.removeSubrange(index...(index + 1))
            return name
        }
        if let index = arguments.firstIndex(where: { $0.hasPrefix("--product=") }) {
            let name = String(arguments[index].dropFirst("--product=".count))
            arguments.remove(at: index)
            return name
        }
        return nil
    }

    /// The catalog executable: `requested`, else the package's only executable target that depends on
    /// `RehearsalCLI`, else the one of them named `rehearsal`.
    static func executable(in package: Package, requested: String?, command: String?) throws -> String {
        let candidates = package.targets.compactMap { $0 as? SourceModuleTarget }
            .filter { $0.kind == .executable && $0.recursiveTargetDependencies.contains { $0.name == "RehearsalCLI" } }
            .map(\.name).sorted()
        if let requested {
            guard candidates.contains(requested) else {
                throw RehearsalCommandError(
                    "'\(requested)' is not an executable of this package that depends on RehearsalCLI",
                    hint: candidates.isEmpty
                        ? "add one: an executable target whose main.swift calls RehearsalCLI.main(catalog:)"
                        : "use one of: \(candidates.joined(separator: ", "))")
            }
            return requested
        }
        if candidates.count == 1, let only = candidates.first { return only }
        if candidates.contains("rehearsal") { return "rehearsal" }
        if candidates.isEmpty, command == "init" {
            let rehearsal = package.dependencies.map(\.package).first { $0.displayName == "Rehearsal" }
            throw RehearsalCommandError(
                "this package has no executable that depends on RehearsalCLI yet, which 'init' writes",
                hint: "run it from Rehearsal's checkout: 'swift run --package-path "
                    + "\(rehearsal?.directoryURL.path ?? "../Rehearsal") rehearsal init --root . …'")
        }
        if candidates.isEmpty {
            throw RehearsalCommandError(
                "this package has no executable that depends on RehearsalCLI",
                hint: "add one: an executable target whose main.swift is 'import RehearsalCLI; "
                    + "RehearsalCLI.main(catalog: myCatalog)'")
        }
        throw RehearsalCommandError(
            "this package has several executables that depend on RehearsalCLI: \(candidates.joined(separator: ", "))",
            hint: "choose one with --product NAME")
    }
}

/// What the plugin reports when it cannot run the command: `error: …` and a hint.
struct RehearsalCommandError: Error, CustomStringConvertible {
    var message: String
    var hint: String?

    init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    var description: String { message + (hint.map { "\n  hint: \($0)" } ?? "") }
}
