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
    /// The team's command and whether this is CI, for the hints.
    public var advice: RecordAdvice
    /// Whether a timeline that differs is kept as an artifact (false for a check whose difference is judged again
    /// elsewhere: a run of one scenario tried in the command line's own process, which hands it to a worker).
    package var keepsArtifacts = true

    /// Creates a check.
    public init(store: GoldenStore, mode: RecordMode = .never, advice: RecordAdvice = RecordAdvice()) {
        self.store = store
        self.mode = mode
        self.advice = advice
    }

    /// The outcome compared with its golden; writes the golden or an artifact when the mode says so.
    ///
    /// The scenario's path (`outcome.path`) is the golden's identity. A run that passes or records its golden also
    /// drops the scenario's kept artifact, which is stale from then on.
    ///
    /// With `rerun` (which plays the same scenario again, with a fresh ViewModel), a timeline is played twice before
    /// it is written and when it differs from its golden: if the two runs differ, the outcome fails with a finding
    /// of kind `.nondeterministic` for each difference (see ``Reproducibility``), and nothing is written or kept.
    public func check(_ outcome: ScenarioOutcome, rerun: (() -> ScenarioOutcome)? = nil) -> ScenarioOutcome {
        check(outcome, replays: rerun.map { [Reproducibility.Replay(.sameProcess, play: $0)] } ?? [])
    }

    /// The outcome compared with its golden, as ``check(_:rerun:)`` does, with each of `replays` in turn as the second
    /// play (the first that differs fails the outcome; later ones are not played).
    public func check(_ outcome: ScenarioOutcome, replays: [Reproducibility.Replay]) -> ScenarioOutcome {
        var checked = Judgement(check: self, replays: replays).judge(outcome)
        if checked.status == .passed || checked.status == .recorded {
            do {
                try store.removeArtifact(forScenario: outcome.path)
            } catch {
                checked.notes.append(Finding(.golden, error.diagnostic.with(severity: .warning)))
            }
        }
        return checked
    }

    /// Runs the scenario file at `path` with `runner` and checks it, playing it again when the check needs a second
    /// run (see ``check(_:rerun:)``).
    ///
    /// ```swift
    /// let outcome = GoldenCheck(store: GoldenStore(root: "."), mode: .missing)
    ///     .check(file: "Scenarios/stamps/add.json", with: ScenarioRunner(catalog: catalog))
    /// ```
    ///
    /// With `otherProcess` (a play of the scenario file in a second process with another hashing seed, see
    /// `HashingSeed`), a timeline that the same process plays the same way is played there too, so one that depends
    /// on the order of a `Set` or a `Dictionary` is reported instead of recorded.
    public func check(
        file path: String, with runner: ScenarioRunner, otherProcess: (() -> ScenarioOutcome)? = nil
    ) -> ScenarioOutcome {
        check(file: PathName(path), with: runner, otherProcess: otherProcess)
    }

    /// ``check(file:with:otherProcess:)-(String,_,_)`` for a path named by its bytes.
    public func check(
        file path: PathName, with runner: ScenarioRunner, otherProcess: (() -> ScenarioOutcome)? = nil
    ) -> ScenarioOutcome {
        var runner = runner
        runner.hasGolden = { [store] in store.hasGolden($0) }
        let first = runner.run(file: path)
        guard let scenario = first.scenario else { return check(first) }
        var quiet = runner
        quiet.eventObserver = nil
        var replays = [Reproducibility.Replay(.sameProcess) { quiet.run(scenario, path: path) }]
        if let otherProcess { replays.append(Reproducibility.Replay(.otherHashingSeed, play: otherProcess)) }
        return check(first, replays: replays)
    }
}

/// One check of one outcome, with the rerun it may need.
private struct Judgement {
    let check: GoldenCheck
    let replays: [Reproducibility.Replay]
    var store: GoldenStore { check.store }
    var mode: RecordMode { check.mode }

    func judge(_ outcome: ScenarioOutcome) -> ScenarioOutcome {
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
                        // Line 1: every reporter and test framework then places it in the scenario file alike.
                        Diagnostic(
                            .error, location: SourceLocation(path: outcome.path.description, line: 1),
                            message: "no golden timeline at \(goldenPath)",
                            hint: check.advice.toRecord(outcome.path)))
                }
                return record(timeline, in: outcome, note: "recorded a new golden timeline; review it and commit it")
            }
            goldenBytes = bytes
        } catch {
            return failed(outcome, error.diagnostic)
        }
        do {
            golden = try GoldenFile(bytes: goldenBytes, path: goldenPath.description)
        } catch {
            guard mode == .failed || mode == .all else { return failed(outcome, error.diagnostic) }
            return record(
                timeline, in: outcome,
                note: "re-recorded the golden timeline, which was unreadable: \(error.headline)")
        }
        outcome.golden?.format = golden.format
        let mismatch = TimelineMismatch.compare(
            expected: golden.timeline, actual: timeline, comparison: outcome.scenario?.comparison ?? .exact,
            goldenPath: goldenPath.description, scenario: outcome.scenario)
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
        guard let mismatch else { return passed(outcome) }
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
        if let unreproducible = unreproducible(outcome) { return unreproducible }
        var outcome = outcome
        let step = mismatch.firstDivergence.step
        var hint = check.advice.toUpdate(outcome.path, artifact: PathName?.none)
        if check.keepsArtifacts {
            do {
                try store.writeArtifact(timeline, forScenario: outcome.path)
                let artifact = store.artifactPath(forScenario: outcome.path)
                outcome.golden?.artifactPath = artifact
                hint = check.advice.toUpdate(outcome.path, artifact: artifact)
            } catch {
                outcome.notes.append(Finding(.golden, error.diagnostic.with(severity: .warning)))
            }
        }
        // At the step whose event differs first (its `{`), as every other finding about a step is.
        let location = step?.location ?? SourceLocation(path: outcome.path.description)
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

    /// The outcome failed with what differs between it and the first of its replays that differs from it, when one
    /// differs; `nil` otherwise.
    private func unreproducible(_ outcome: ScenarioOutcome) -> ScenarioOutcome? {
        var problems: [Finding] = []
        for replay in replays where problems.isEmpty {
            problems = Reproducibility.findings(
                first: outcome, second: replay.play(), then: check.advice.thenRecord, plays: replay.plays)
        }
        guard !problems.isEmpty else { return nil }
        var outcome = outcome
        outcome.status = .failed
        outcome.findings += problems
        outcome.golden?.mismatch = nil
        return outcome
    }

    private func record(_ timeline: Timeline, in outcome: ScenarioOutcome, note: String) -> ScenarioOutcome {
        if let unreproducible = unreproducible(outcome) { return unreproducible }
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
            Finding(.golden, Diagnostic(.note, location: SourceLocation(path: goldenPath.description), message: note)))
        return outcome
    }
}
