import Rehearsal
import ScenarioJSON

/// The record mode of a `swift test` run, read from the environment the way `rehearsal run` reads `--record`:
/// `REHEARSAL_RECORD=never|missing|failed|all` when it is set, else `never` under CI and `missing` elsewhere.
///
/// ```swift
/// try RecordSetting(environment: ["CI": "true"])                  // .never, ci: .detected(by: "CI")
/// try RecordSetting(environment: ["REHEARSAL_RECORD": "all"])     // .all, ci: .local
/// try RecordSetting(environment: ["REHEARSAL_RECORD": "al"])                  // throws: did you mean 'all'?
/// ```
/// Under CI a recorded golden fails (nobody reviewed it), as it fails `rehearsal run` there.
package struct RecordSetting: Equatable, Sendable {
    /// The environment variable the record mode comes from.
    package static let variable = "REHEARSAL_RECORD"

    /// Which goldens the run may write.
    package var mode: RecordMode
    /// Whether this is CI, and the variable that said so (`CI`, `GITHUB_ACTIONS`, …).
    package var ci: ContinuousIntegration

    /// Creates a setting.
    package init(mode: RecordMode, ci: ContinuousIntegration) {
        self.mode = mode
        self.ci = ci
    }

    /// Reads `REHEARSAL_RECORD` and the CI variables from `environment`.
    /// - Throws: ``InvalidValue`` when `REHEARSAL_RECORD` is set to something that is not a record mode.
    package init(environment: [String: String]) throws(InvalidValue) {
        let ci = ContinuousIntegration(environment: environment)
        guard let text = environment[Self.variable], !text.isEmpty else {
            self.init(mode: ci.defaultRecordMode, ci: ci)
            return
        }
        guard let mode = RecordMode(rawValue: text) else { throw InvalidValue(value: text) }
        self.init(mode: mode, ci: ci)
    }

    /// Whether a golden this run records fails it (under CI).
    package var recordingFails: Bool { ci.isCI }

    /// A `REHEARSAL_RECORD` value that is not a record mode.
    package struct InvalidValue: Error, Equatable, Sendable, CustomStringConvertible {
        /// The value found.
        package var value: String

        /// The error for `value`.
        package init(value: String) {
            self.value = value
        }

        /// `invalid value 'al' for REHEARSAL_RECORD`.
        package var message: String { "invalid value '\(value)' for \(RecordSetting.variable)" }

        /// The closest mode (`did you mean 'all'?`), else the list of modes.
        package var hint: String {
            let modes = RecordMode.allCases.map(\.rawValue)
            return Suggestion.closest(to: value, in: modes).map { "did you mean '\($0)'?" }
                ?? "set it to one of: \(modes.joined(separator: ", "))"
        }

        /// `error: …` and the hint, in the house format.
        package var description: String { "error: \(message)\n  hint: \(hint)" }
    }
}
