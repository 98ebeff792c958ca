import Foundation
import Rehearsal

/// `rehearsal accept [scenarios…]`: makes the timelines that the last failing run kept (in
/// `.rehearsal/artifacts`) the goldens of their scenarios, without running anything.
enum AcceptCommand {
    static func run(_ parsed: ParsedArguments, console: Console) -> Int32 {
        let root = RunOptions.absoluteRoot(parsed.value("root"))
        let store = GoldenStore(root: root)
        let wanted =
            parsed.positionals.isEmpty ? nil : parsed.positionals.map { ScenarioSelection.relative($0, to: root) }
        guard wanted != nil || !store.artifacts().isEmpty else {
            console.output("nothing to accept: no run kept a timeline in \(store.artifactsFolder)\n")
            return ExitCode.success
        }
        do {
            let accepted = try store.acceptArtifacts(wanted)
            let count = accepted.count
            console.output(
                (accepted.map { "accepted \($0)" } + [
                    "accepted \(count) golden\(count == 1 ? "" : "s"); review and commit"
                ])
                .joined(separator: "\n") + "\n")
            return ExitCode.success
        } catch {
            console.error(error.description)
            return ExitCode.failure
        }
    }
}
