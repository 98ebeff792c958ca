#if canImport(Glibc)
import Glibc
import Runtime

/// The message of a main-queue assertion that fails on the scenario thread, located at the code that made it.
///
/// `dispatchPrecondition(condition: .onQueue(.main))` is transparent: it calls Dispatch's non-inlined
/// `_dispatchPreconditionTest`, which calls `dispatch_assert_queue`, which stops the process before the precondition
/// could print a place. The interposer calls back here first, and the frame after those two in a symbolicated
/// backtrace (the Runtime module reads the binary's symbols and line tables; verified in debug and release builds on
/// Swift 6.3.1, Linux) is the caller. The worker's parent reads the place from the message to say whose code stopped
/// the scenario (see `CrashSite` in RehearsalCLI).
enum MainQueueAssertion {
    /// The frames that belong to the assertion itself, innermost first; the caller is the next frame with a line.
    private static let assertionFrames = ["dispatch_assert_queue", "_dispatchPreconditionTest"]

    /// Writes the message to stderr: what was expected and, when the backtrace shows it, where and in what.
    static func report(expectedMain: Bool) {
        let expectation =
            expectedMain
            ? "Block was expected to execute on the main queue" : "Block was expected not to execute on the main queue"
        var message = "BUG IN CLIENT OF LIBDISPATCH: \(expectation) (scenario thread"
        message += expectedMain ? ", running work of another queue or of the default executor)" : ", main lane)"
        if let caller = caller() { message += " " + caller }
        let bytes = Array((message + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// `at path:line in symbol` of the code that asserted (`in symbol, called from path:line` when its frame has no
    /// line: a mock method the compiler emitted inside its protocol witness), or nil when the backtrace cannot show it.
    private static func caller() -> String? {
        guard let backtrace = try? Backtrace.capture(), let symbolicated = backtrace.symbolicated() else {
            return nil
        }
        let frames = symbolicated.frames
        let last = frames.lastIndex { frame in
            guard let name = frame.symbol?.name else { return false }
            return assertionFrames.contains { name.hasPrefix($0) || name.contains("." + $0) }
        }
        guard let last, let caller = frames[(last + 1)...].first?.symbol else { return nil }
        if let location = caller.sourceLocation, location.line > 0 {
            return "at \(location.path):\(location.line) in \(caller.name)"
        }
        let calledFrom = frames[(last + 2)...].lazy.compactMap(\.symbol?.sourceLocation).first { $0.line > 0 }
        return "in \(caller.name)" + (calledFrom.map { ", called from \($0.path):\($0.line)" } ?? "")
    }
}
#endif
