import ScenarioJSON

/// Why the virtual timeline or its harness stopped; `description` is the full text shown to users.
public enum VirtualTimeError: Error, Equatable, CustomStringConvertible {
    /// Work is still scheduled after `limit` (a timer that never stops, a task that keeps sleeping).
    /// `next` is the earliest such work and `pendingCount` how many timers are pending in all.
    case timeLimitExceeded(limit: ScenarioDuration, next: PendingWork.Timer, pendingCount: Int)
    /// More than `limit` steps ran in one call without the workload settling, at virtual instant `at`;
    /// `recentSteps` summarises the last steps (what ran and its cause), most frequent first.
    case stepLimitExceeded(limit: Int, at: ScenarioDuration, since: ScenarioDuration, recentSteps: [String])
    /// `advance(to:)` was asked for an instant before the current one.
    case timeWentBackwards(now: ScenarioDuration, requested: ScenarioDuration)
    /// The deterministic executor was started off the process's main thread.
    case notOnMainThread
    /// A runtime entry point the deterministic executor needs is missing from this process.
    case runtimeHookUnavailable(symbol: String)
    /// Another scenario already drives the executor (or the scheduler redirection) of this process.
    case alreadyRunning

    /// The full error text shown to users, with a hint where one helps.
    public var description: String {
        switch self {
        case .timeLimitExceeded(let limit, let next, let pendingCount):
            let others = pendingCount > 1 ? " (and \(pendingCount - 1) more pending timers)" : ""
            return "virtual time limit \(limit) reached: "
                + "\(next.what) from cause '\(next.cause)' is still scheduled, next at \(next.at)\(others)\n"
                + "  hint: cancel the repeating work or the sleeping task when the scenario is over, "
                + "or raise the time limit"
        case .stepLimitExceeded(let limit, let at, let since, let recentSteps):
            let when = at.description
            if since == at {
                return "step limit \(limit) reached at \(when) without virtual time passing; what kept running:\n"
                    + recentSteps.map { "  \($0)\n" }.joined()
                    + "  hint: look for a task or timer that reschedules itself at the same instant"
            }
            return "step limit \(limit) reached at \(when), counting from \(since); what kept running:\n"
                + recentSteps.map { "  \($0)\n" }.joined()
                + "  hint: stop the timer or task that keeps scheduling work, or set an earlier 'until'"
        case .timeWentBackwards(let now, let requested):
            return "cannot advance to \(requested): virtual time is already \(now) and never moves backwards"
        case .notOnMainThread:
            return "the deterministic executor must run on the main thread, which drains the main queue "
                + "(where MainActor jobs run)\n"
                + "  hint: run scenarios from an XCTest method or from an executable's top-level code; "
                + "Swift Testing runs test bodies off the main thread on Linux"
        case .runtimeHookUnavailable(let symbol):
            return "the Swift runtime of this process does not export '\(symbol)', so task scheduling cannot be "
                + "made deterministic\n  hint: use the Swift 6.3 toolchain on Linux"
        case .alreadyRunning:
            return "another scenario already drives the virtual executor of this process\n"
                + "  hint: run scenarios one at a time per process; use worker processes for parallelism"
        }
    }
}
