import ScenarioJSON

/// Compares each run's timeline with its golden and records goldens as the ``RecordMode`` allows.
///
/// ```swift
/// let check = GoldenCheck(store: GoldenStore(root: root), mode: .missing)
/// let outcome = check.check(runner.run(file: "Scenarios/a.json"))
/// outcome.status      // .recorded the first time, .passed after that
/// ```
/// A run with findings is `failed` and writes nothing. A run whose timeline differs from its golden (and is not
/// rewritten by the mode) keeps its actual timeline as an artifact for ``GoldenStore/acceptArtifacts(_:)``.
/// Every problem is a ``Finding`` of kind `.golden` with its real cause: a missing golden, an unreadable one
/// (located in the golden file), a mismatch (located at the step it is attributed to), or a file that could
/// not be written (with the system's reason).
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

    /// The outcome compared with its golden; writes the golden or an artifact when the mode says so.
    ///
    /// The scenario's path (`outcome.path`) is the golden's identity. A run that passes or records its golden also
    /// drops the scenario's kept artifact, which is stale from then on.
    public func check(_ outcome: ScenarioOutcome) -> ScenarioOutcome {
        var checked = judge(outcome)
        if checked.status == .passed || checked.status == .recorded {
            do {
                try store.removeArtifact(forScenario: outcome.path)
            } catch {
                checked.notes.append(Finding(.golden, error.diagnostic.with(severity: .warning)))
            }
        }
        return checked
    }

    private func judge(_ outcome: ScenarioOutcome) -> ScenarioOutcome {
        var outcome = outcome
        let goldenPath = store.goldenPath(forScenario: outcome.path)
        outcome.golden = GoldenComparison(goldenPath: goldenPath)
        guard outcome.findings.isEmpty, let timeline = outcome.timeline else {
            outcome.status = .failed
            return outcome
        }
        let golden: GoldenFile
        let goldenBytes: [UInt8]
        do {
            guard let bytes = try store.readBytes(goldenPath) else {
                guard mode != .never else {
                    return failed(
                        outcome,
                        Diagnostic(
                            .error, location: SourceLocation(path: outcome.path),
                            message: "no golden timeline at \(goldenPath)",
                            hint: "record it with --record missing (or 'rehearsal record'), review it and commit it"))
                }
                return record(timeline, in: outcome, note: "recorded a new golden timeline; review it and commit it")
            }
            goldenBytes = bytes
        } catch {
            return failed(outcome, error.diagnostic)
        }
        do {
            golden = try GoldenFile(bytes: goldenBytes, path: goldenPath)
        } catch {
            guard mode == .failed || mode == .all else { return failed(outcome, error.diagnostic) }
            return record(
                timeline, in: outcome,
                note: "re-recorded the golden timeline, which was unreadable: \(error.headline)")
        }
        let mismatch = TimelineMismatch.compare(
            expected: golden.timeline, actual: timeline, comparison: outcome.scenario?.comparison ?? .exact,
            goldenPath: goldenPath, scenario: outcome.scenario)
        outcome.golden?.mismatch = mismatch
        let current = TimelineFormat.current.rawValue
        if mode == .all {
            guard goldenBytes != Array(timeline.canonicalText.utf8) else { return passed(outcome) }
            let note =
                mismatch != nil
                ? "re-recorded the golden timeline, which differed"
                : golden.format < .current
                    ? "re-recorded the golden timeline in format \(current) (the same events; it was format "
                        + "\(golden.format.rawValue))"
                    : "re-recorded the golden timeline"
            return record(timeline, in: outcome, note: note)
        }
        guard let mismatch else {
            var outcome = passed(outcome)
            if golden.format < .current {
                outcome.notes.append(
                    Finding(
                        .golden,
                        Diagnostic(
                            .note, location: SourceLocation(path: goldenPath),
                            message: "the golden timeline is in format \(golden.format.rawValue)",
                            hint: "run 'rehearsal migrate' to rewrite it in format \(current) (the same events)")))
            }
            return outcome
        }
        if mode == .failed {
            return record(timeline, in: outcome, note: "re-recorded the golden timeline, which differed")
        }
        return differs(outcome, mismatch, timeline: timeline)
    }

    private func passed(_ outcome: ScenarioOutcome) -> ScenarioOutcome {
        var outcome = outcome
        outcome.status = .passed
        return outcome
    }

    private func failed(_ outcome: ScenarioOutcome, _ diagnostic: Diagnostic) -> ScenarioOutcome {
        var outcome = outcome
        outcome.status = .failed
        outcome.findings.append(Finding(.golden, diagnostic))
        return outcome
    }

    /// A timeline that differs: a finding at the step the first divergence is attributed to, and the actual
    /// timeline kept for `rehearsal accept`.
    private func differs(_ outcome: ScenarioOutcome, _ mismatch: TimelineMismatch, timeline: Timeline)
        -> ScenarioOutcome
    {
        var outcome = outcome
        let step = mismatch.firstDivergence.step
        var hint = "if the change is intended, re-record the golden with --record failed"
        do {
            try store.writeArtifact(timeline, forScenario: outcome.path)
            let artifact = store.artifactPath(forScenario: outcome.path)
            outcome.golden?.artifactPath = artifact
            hint =
                "if the change is intended, run 'rehearsal accept' (the run's timeline is kept at \(artifact)), "
                + "or run with --record failed"
        } catch {
            outcome.notes.append(Finding(.golden, error.diagnostic.with(severity: .warning)))
        }
        let location =
            step.map { SourceLocation(path: $0.location.path, line: $0.location.line) }
            ?? SourceLocation(path: outcome.path)
        outcome.status = .failed
        outcome.findings.append(
            Finding(
                .golden,
                Diagnostic(
                    .error, location: location, message: mismatch.summary,
                    hint: hint),
                step: step))
        return outcome
    }

    private func record(_ timeline: Timeline, in outcome: ScenarioOutcome, note: String) -> ScenarioOutcome {
        var outcome = outcome
        let goldenPath = store.goldenPath(forScenario: outcome.path)
        do {
            try store.writeGolden(timeline, forScenario: outcome.path)
        } catch {
            return failed(outcome, error.diagnostic)
        }
        outcome.status = .recorded
        outcome.golden?.written = true
        outcome.notes.append(
            Finding(.golden, Diagnostic(.note, location: SourceLocation(path: goldenPath), message: note)))
        return outcome
    }
}
