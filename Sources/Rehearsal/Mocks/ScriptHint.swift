import ScenarioJSON

/// The hint for a mock script that does not fit what the ViewModel did: a call no response answers, a response no
/// call used.
///
/// Without a golden timeline the script is new, and the hint says how to change it. With one, the script fitted when
/// the golden was recorded (a golden is recorded only from a run without findings), so unless the scenario changed
/// since, what changed is the ViewModel's calls: the hint names both ways out, fixing the ViewModel or, when the
/// change is intended, changing the script and recording the golden again. (A lenient scenario's unused responses are
/// notes a golden may have been recorded with: they keep the hint without a golden.) The golden does not record which
/// version of the scenario it was recorded from, so the hint cannot say whether the scenario changed.
///
/// ```swift
/// ScriptHint(recording: "run 'rehearsal record Scenarios/a.json'")
///     .hint("add another response", forChange: "the extra call of A.load")
/// // "fix the ViewModel if the extra call of A.load is a regression (the script fitted it when the golden was
/// //  recorded, unless the scenario changed since); if it is intended, add another response, then run
/// //  'rehearsal record Scenarios/a.json'"
/// ```
struct ScriptHint: Sendable {
    /// How the scenario's golden is recorded again (`run 'rehearsal record Scenarios/a.json'`, on CI with
    /// `locally`); `nil` when the scenario has no golden.
    var recording: String?

    /// The hint for the scenario at `path`, which has a golden when `hasGolden`.
    init(path: PathName, hasGolden: Bool, advice: RecordAdvice) {
        guard hasGolden else { return }
        // Under `swift test` only the failing scenarios again (`REHEARSAL_RECORD=failed`), as a differing golden's
        // hint says; a command line records this one file.
        let command = advice.recordCommand(path, mode: advice.tool == .swiftTest ? .failed : .all)
        recording = advice.ci ? "run '\(command)' locally" : "run '\(command)'"
    }

    /// The hint of a run that knows of no golden.
    init(recording: String? = nil) {
        self.recording = recording
    }

    /// `edit` (a change to the script, starting with a verb), or `withoutGolden` when given, for a scenario without a
    /// golden; for one with a golden, fixing the ViewModel when `change` (what the ViewModel did differently) is a
    /// regression, else `edit` and recording again.
    func hint(_ edit: String, forChange change: String, withoutGolden: String? = nil) -> String {
        guard let recording else { return withoutGolden ?? edit }
        return "fix the ViewModel if \(change) is a regression (the script fitted it when the golden was recorded, "
            + "unless the scenario changed since); if it is intended, \(edit), then \(recording)"
    }
}
