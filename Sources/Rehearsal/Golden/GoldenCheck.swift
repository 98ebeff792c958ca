import ScenarioJSON

/// Compares each run's timeline with its golden and records goldens as the ``RecordMode`` allows.
///
/// ```swift
/// let check = GoldenCheck(store: GoldenStore(root: root), mode: .missing)
/// let verdict = check.verdict(for: runner.run(file: "Scenarios/a.json"))
/// verdict.status      // .recorded the first time, .passed after that
/// ```
/// A run with failures is `failed` and writes nothing. A run whose timeline differs from its golden (and is not
/// rewritten by the mode) keeps its actual timeline as an artifact for ``GoldenStore/acceptArtifacts(_:)``.
public struct GoldenCheck: Sendable {
    /// Where goldens and artifacts live.
    public var store: GoldenStore
    /// Which goldens may be written.
    public var mode: RecordMode

    /// Creates a check.
    public init(store: GoldenStore, mode: RecordMode = .never) {
        self.store = store
        self.mode = mode
    }

    /// The verdict for one run; writes the golden or an artifact when the mode says so.
    ///
    /// The scenario's path (`result.path`) is the golden's identity. A run that passes or records its golden also
    /// drops the scenario's kept artifact, which is stale from then on.
    public func verdict(for result: ScenarioResult) -> ScenarioVerdict {
        let scenarioPath = result.path ?? result.scenario?.document.path ?? result.name + ".json"
        var verdict = judge(result, scenarioPath: scenarioPath)
        if verdict.status != .failed {
            do {
                try store.removeArtifact(forScenario: scenarioPath)
            } catch {
                verdict.messages.append(error.description)
            }
        }
        return verdict
    }

    private func judge(_ result: ScenarioResult, scenarioPath: String) -> ScenarioVerdict {
        let goldenPath = store.goldenPath(forScenario: scenarioPath)
        var verdict = ScenarioVerdict(
            status: .failed, result: result, goldenPath: goldenPath, mismatch: nil, goldenWritten: false,
            artifactWritten: false, messages: [])
        guard result.failures.isEmpty, let timeline = result.timeline else {
            let count = result.failures.count
            verdict.messages = [
                "The run failed (\(count) failure\(count == 1 ? "" : "s")); the golden timeline at \(goldenPath) "
                    + "was neither compared nor written."
            ]
            return verdict
        }
        let golden: Timeline?
        let goldenBytes: [UInt8]?
        do {
            goldenBytes = try store.readBytes(goldenPath)
            golden = try goldenBytes.map { bytes throws(JSONError) in try Timeline(goldenBytes: bytes, path: goldenPath)
            }
        } catch {
            return unreadable(error, timeline: timeline, scenarioPath: scenarioPath, verdict: verdict)
        }
        guard let golden, let goldenBytes else {
            guard mode != .never else {
                verdict.messages = ["No golden timeline at \(goldenPath). Run with --record missing to record it."]
                return verdict
            }
            return record(
                timeline, scenarioPath: scenarioPath, verdict: verdict,
                message: "Recorded a new golden timeline at \(goldenPath). Review it and commit it.")
        }
        verdict.mismatch = TimelineMismatch.compare(
            expected: golden, actual: timeline, comparison: result.scenario?.comparison ?? .exact,
            goldenPath: goldenPath, scenario: result.scenario)
        if mode == .all {
            guard goldenBytes != Array(timeline.canonicalText.utf8) else {
                verdict.status = .passed
                return verdict
            }
            return record(
                timeline, scenarioPath: scenarioPath, verdict: verdict,
                message: "Re-recorded the golden timeline at \(goldenPath)"
                    + (verdict.mismatch.map { ", which differed:\n" + $0.rendered } ?? "."))
        }
        guard let mismatch = verdict.mismatch else {
            verdict.status = .passed
            return verdict
        }
        if mode == .failed {
            return record(
                timeline, scenarioPath: scenarioPath, verdict: verdict,
                message: "Re-recorded the golden timeline at \(goldenPath), which differed:\n"
                    + mismatch.rendered)
        }
        verdict.messages = [mismatch.rendered]
        keepArtifact(timeline, scenarioPath: scenarioPath, verdict: &verdict)
        return verdict
    }

    /// A golden that cannot be read or parsed: rewritten by `failed` and `all`, a failure otherwise.
    private func unreadable(
        _ error: JSONError, timeline: Timeline, scenarioPath: String, verdict: ScenarioVerdict
    ) -> ScenarioVerdict {
        if mode == .failed || mode == .all {
            return record(
                timeline, scenarioPath: scenarioPath, verdict: verdict,
                message: "Re-recorded the golden timeline at \(verdict.goldenPath), which was unreadable:\n"
                    + error.description)
        }
        var verdict = verdict
        verdict.messages = [
            error.description, "Fix the golden timeline, or re-record it with --record failed.",
        ]
        return verdict
    }

    private func record(
        _ timeline: Timeline, scenarioPath: String, verdict: ScenarioVerdict, message: String
    ) -> ScenarioVerdict {
        var verdict = verdict
        do {
            try store.writeGolden(timeline, forScenario: scenarioPath)
            verdict.status = .recorded
            verdict.goldenWritten = true
            verdict.messages.append(message)
        } catch {
            verdict.status = .failed
            verdict.messages.append(error.description)
        }
        return verdict
    }

    private func keepArtifact(_ timeline: Timeline, scenarioPath: String, verdict: inout ScenarioVerdict) {
        do {
            try store.writeArtifact(timeline, forScenario: scenarioPath)
            verdict.artifactWritten = true
            verdict.messages.append(
                "Kept the actual timeline at \(store.artifactPath(forScenario: scenarioPath)). Run `rehearsal accept` "
                    + "to make it the golden, or run with --record failed.")
        } catch {
            verdict.messages.append(error.description)
        }
    }
}
