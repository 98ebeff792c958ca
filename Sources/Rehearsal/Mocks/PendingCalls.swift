import ScenarioJSON
import VirtualTime

/// A call waiting for an answer that only its task's cancellation can end: a `"never"` response, or a call that
/// found no scripted response left (already reported when it was made).
struct WaitingCall: Sendable {
    /// `Type.method`.
    var key: String
    /// The work that made the call.
    var cause: WorkCause
    /// The virtual instant of the call.
    var since: ScenarioDuration
    /// Whether the call was already reported as a failure (it had no response), so the end checks skip it.
    var reported: Bool
}

/// A call that can never return (its task was cancelled with nothing to return, or its scripted body does not
/// decode): suspended for good, and reported by the end checks.
struct StalledCall: Sendable {
    /// `Type.method`.
    var key: String
    /// Why it cannot return.
    var reason: String
    /// What to do about it.
    var hint: String
    /// The work that made the call.
    var cause: WorkCause
    /// The virtual instant it stalled at.
    var since: ScenarioDuration
}

/// A scripted response that calls did not use up, for the end checks.
struct UnusedResponse: Sendable {
    /// The mock key's script.
    var entry: MockScriptEntry
    /// The response's index in `entry.responses`.
    var index: Int
    /// Uses left; `nil` for a `"repeat": true` response that no call used at all.
    var usesLeft: Int?
}

/// Why no scripted response answers a call, and what to do about it.
struct MissingResponse: Sendable {
    /// What is wrong.
    var reason: String
    /// What to do, starting with a verb.
    var hint: String?
}
