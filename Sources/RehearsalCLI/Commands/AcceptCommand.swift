import Foundation
import Rehearsal
import ScenarioJSON

/// `rehearsal accept [scenarios…]`: makes the timelines that the last failing run kept (in `.rehearsal/artifacts`)
/// the goldens of their scenarios, without running anything.
struct AcceptCommand: Command {
    static let spec = CommandSpec(
        name: "accept", abstract: "Make the timelines the last failing run kept the goldens, without re-running.",
        arguments: "[scenarios…]",
        argumentsHelp: "Scenario files whose kept timeline to accept. Default: every kept timeline.",
        options: [StandardOptions.root.with(help: "The package root. Default: .").declaration],
        examples: [
            ("accept", "accept every timeline the last run kept in .rehearsal/artifacts"),
            ("accept Scenarios/search/error.json", "accept one scenario's timeline"),
        ])

    var root: String
    /// The scenarios named, relative to the root; `nil` for every kept timeline.
    var wanted: [PathName]?

    init(_ parsed: ParsedArguments, context: CommandContext) throws(UsageError) {
        let root = StandardOptions.absoluteRoot(try parsed.value(StandardOptions.root))
        self.root = root
        wanted =
            parsed.positionalPaths.isEmpty
            ? nil : parsed.positionalPaths.map { ScenarioSelection.relative($0, to: root) }
    }

    func run(_ context: CommandContext) -> Int32 {
        let store = GoldenStore(root: root)
        guard wanted != nil || !store.artifacts().isEmpty else {
            context.console.output("nothing to accept: no run kept a timeline in \(store.artifactsFolder)\n")
            return ExitCode.success
        }
        do {
            let accepted = try store.acceptArtifacts(wanted)
            let count = accepted.count
            context.console.output(
                (accepted.map { "accepted \($0)" } + [
                    "accepted \(count) golden\(count == 1 ? "" : "s"); review and commit"
                ])
                .joined(separator: "\n") + "\n")
            return ExitCode.success
        } catch {
            context.console.error(error.description)
            return ExitCode.failure
        }
    }
}
