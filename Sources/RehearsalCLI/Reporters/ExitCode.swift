import Rehearsal

/// Exit statuses, as in sysexits.h where one applies; every command decides them through ``of(_:)``.
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    static let invalidInput: Int32 = 65

    /// 0 when nothing failed, 65 when every failure is an invalid scenario file (fixing the files fixes the run),
    /// 1 otherwise. `run` and `validate` both use it, so one scenario gives one status from either.
    static func of(_ outcomes: [ScenarioOutcome]) -> Int32 {
        let failing = outcomes.filter(\.isFailure)
        guard !failing.isEmpty else { return success }
        return failing.allSatisfy(\.isInvalid) ? invalidInput : failure
    }
}
