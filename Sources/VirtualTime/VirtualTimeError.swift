import RehearsalBase

/// Why the virtual timeline or its harness stopped; `description` is the full text shown to users.
public enum VirtualTimeError: Error, Equatable, CustomStringConvertible {
    /// Work is still scheduled after `limit` (a timer that never stops, a task that keeps sleeping).
    /// `next` is the earliest such work and `pendingCount` how many timers are pending in all.
    case timeLimitExceeded(limit: ScenarioDuration, next: PendingWork.Timer, pendingCount: Int)
    /// More than `limit` steps ran in one call without the workload settling, at virtual instant `at`;
    /// `recentSteps` summarises the last steps (what ran and its cause), most frequent first; `cause` is the cause
    /// of the step that went past the limit (the work that kept running).
    case stepLimitExceeded(
        limit: Int, at: ScenarioDuration, since: ScenarioDuration, recentSteps: [String], cause: WorkCause)
    /// `advance(to:)` was asked for an instant before the current one.
    case timeWentBackwards(now: ScenarioDuration, requested: ScenarioDuration)
    /// A runtime entry point the deterministic executor needs is missing from this process.
    case runtimeHookUnavailable(symbol: String)
    /// The calling thread already drives a scenario (a nested `runScenario`), or another timeline holds the
    /// scheduler redirection.
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
        case .stepLimitExceeded(let limit, let at, let since, let recentSteps, _):
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
        case .runtimeHookUnavailable(let symbol):
            return "this process does not provide '\(symbol)', so a scenario's tasks and time cannot be put on the "
                + "virtual timeline\n  hint: use the Swift 6.3 toolchain on Linux"
        case .alreadyRunning:
            return "this thread already drives a scenario (runScenario was called inside another run)\n"
                + "  hint: run the scenarios one after the other; scenarios on other threads wait their turn"
        }
    }
}
