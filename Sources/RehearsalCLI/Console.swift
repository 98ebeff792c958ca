import Foundation

/// Where the CLI writes: stdout for results, stderr for errors, and whether stdout is a terminal.
struct Console: Sendable {
    var output: @Sendable (String) -> Void
    var error: @Sendable (String) -> Void
    var isTerminal: Bool

    /// The process's own stdout and stderr.
    static let standard = Console(
        output: { FileHandle.standardOutput.write(Data($0.utf8)) },
        error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
        isTerminal: isatty(STDOUT_FILENO) == 1)
}
