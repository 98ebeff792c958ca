import ScenarioJSON
import VirtualTime

/// One run of a scenario in one schedule: its outcome, and the driver that knows its choices.
struct ScheduleRun {
    var outcome: ScenarioOutcome
    let driver: ScheduleDriver

    /// Whether the schedule fails: any finding (a property, an end check, a mock error, a runaway).
    var failing: Bool { !outcome.findings.isEmpty }
}

/// What exploring one scenario needs at hand: the explorer, the scenario, its golden.
struct ExplorationContext {
    let explorer: Explorer
    let scenario: Scenario
    let path: PathName
    /// The golden, read once, when a property compares with it or the report shows it.
    let golden: Timeline?
    let goldenPath: PathName
    /// How hints name the command line: the runner's.
    var advice: RecordAdvice { explorer.runner.advice }

    init(explorer: Explorer, scenario: Scenario, path: PathName) {
        self.explorer = explorer
        self.scenario = scenario
        self.path = path
        goldenPath = explorer.store.goldenPath(forScenario: path)
        golden = (try? explorer.store.readGolden(forScenario: path)) ?? nil
    }

    /// Plays one schedule and checks it (the golden property included).
    func play(_ source: any ScheduleSource, scenario other: Scenario? = nil) -> ScheduleRun {
        let played = other ?? scenario
        let driver = ScheduleDriver(source: source, scenario: played)
        var outcome = explorer.runner.run(played, path: path, control: driver)
        if other == nil, let timeline = outcome.timeline, outcome.findings.allSatisfy({ $0.kind != .invalid }) {
            outcome.findings += goldenFindings(timeline)
        }
        return ScheduleRun(outcome: outcome, driver: driver)
    }

    /// The source of a token's plan; a generated PCT plan needs the number of order choice points of the default
    /// run (`steps`).
    func source(for plan: ScheduleToken.Plan, steps: Int) -> any ScheduleSource {
        switch plan {
        case .choices(let deviations): return ReplaySource(deviations: deviations)
        case .generated(.random, let seed, let index): return RandomSource(seed: seed, index: index)
        case .generated(.pct(let depth), let seed, let index):
            return PCTSource(seed: seed, index: index, depth: depth, steps: steps)
        }
    }

    /// `--replay TOKEN`: that one schedule, passing or failing.
    func replay(_ token: ScheduleToken) -> ScenarioOutcome {
        let fingerprint = scenario.fingerprint
        guard token.fingerprint == fingerprint else {
            return invalid(
                "the replay token \(token) was made for another version of \(path) (fingerprint "
                    + "\(token.fingerprintText), the file's is \(ScheduleToken.hex(fingerprint)))",
                hint: "explore the scenario again for a new token")
        }
        var steps = 0
        if case .generated(.pct, _, _) = token.plan { steps = play(DefaultSource()).driver.orderChoiceCount }
        explorer.onSchedule?(1, token)
        let run = play(source(for: token.plan, steps: steps))
        if let misfit = misfit(of: token, in: run.driver) {
            return invalid(
                "the replay token \(token) does not fit \(path): \(misfit)",
                hint: "copy the token that explore printed for this file, or explore it again (a token explore "
                    + "printed fits unless the ViewModel is not deterministic)")
        }
        var summary = ExplorationSummary(
            search: .replay, schedules: 1, failingSchedule: run.failing ? 1 : nil, token: token)
        if run.driver.diverged {
            summary.shrinkNote =
                "the replay could not take every choice of the token (the run went another way): the ViewModel may "
                + "not be deterministic"
        }
        guard run.failing else {
            var outcome = run.outcome
            outcome.status = .passed
            outcome.exploration = summary
            return outcome
        }
        var outcome = run.outcome
        outcome.status = .failed
        outcome.exploration = summary
        outcome.golden = comparison(run.outcome.timeline)
        return outcome
    }

    /// What of `token` the run could not take: an option its choice point does not have, or a choice point the run
    /// never reached; `nil` when every choice was taken.
    private func misfit(of token: ScheduleToken, in driver: ScheduleDriver) -> String? {
        guard case .choices(let deviations) = token.plan else { return nil }
        if let misfit = driver.replayMisfit {
            return "it takes option \(misfit.option) at choice point \(misfit.position), which has \(misfit.options) "
                + "options (0 to \(misfit.options - 1))"
        }
        let reached = driver.trace.count
        guard let last = deviations.last, last.position >= reached else { return nil }
        let met =
            reached == 0
            ? "meets no choice point"
            : "meets only \(reached) choice point\(reached == 1 ? "" : "s") (0 to \(reached - 1))"
        return "it takes option \(last.option) at choice point \(last.position), and the run \(met)"
    }

    /// The outcome of a search in which every schedule passed.
    func passed(_ first: ScheduleRun, schedules: Int, exhausted: Bool) -> ScenarioOutcome {
        var outcome = first.outcome
        outcome.status = .passed
        outcome.exploration = ExplorationSummary(
            search: .strategy(explorer.options.strategy), schedules: schedules, exhausted: exhausted)
        return outcome
    }

    /// The outcome of a failing schedule: reduced to its fewest deviations, its race named, shrunk and written.
    func failure(_ run: ScheduleRun, number: Int, baseline: ScheduleRun, own: Bool = false) -> ScenarioOutcome {
        let minimal = own ? run : Shrinker(context: self).fewestDeviations(run)
        let token = ScheduleToken(fingerprint: scenario.fingerprint, plan: .choices(minimal.driver.deviations))
        var summary = ExplorationSummary(
            search: .strategy(explorer.options.strategy), schedules: number, failingSchedule: number, token: token)
        summary.failsOwnSchedule = own
        if let failing = minimal.outcome.timeline, let base = baseline.outcome.timeline, number > 1 {
            summary.race = RaceReport(scenario: scenario).describe(baseline: base, failing: failing)
        }
        summary.latencyChanges = minimal.driver.latencies.filter { $0.chosen != $0.scripted }.map {
            "\($0.response.description)\($0.element.map { "/stream/\($0)" } ?? ""): after \($0.chosen) instead of "
                + "\($0.scripted)"
        }
        var outcome = minimal.outcome
        outcome.status = .failed
        outcome.golden = comparison(minimal.outcome.timeline)
        if number == 1 {
            summary.shrinkNote =
                own
                ? "the scenario's own schedule fails, so '\(advice.command("run"))' shows this failure already"
                : "the default order fails, so '\(advice.command("run"))' shows this failure already: there is no race "
                    + "to shrink"
        } else if explorer.options.shrink {
            let started = RealClock.monotonicNanoseconds
            let shrunk = Shrinker(context: self).shrink(minimal, token: token)
            summary.shrinkSeconds = Double(RealClock.monotonicNanoseconds - started) / 1e9
            switch shrunk {
            case .success(let written):
                summary.shrunkPath = written.path
                summary.shrunkEarlier = written.earlier
            case .failure(let why): summary.shrinkNote = why.reason
            }
        }
        outcome.exploration = summary
        return outcome
    }

    /// The golden compared with a schedule's timeline, for the report (golden and schedule side by side).
    func comparison(_ timeline: Timeline?) -> GoldenComparison? {
        guard let golden, let timeline else { return nil }
        let mismatch = TimelineMismatch.compare(
            expected: golden, actual: timeline, comparison: scenario.comparison, goldenPath: goldenPath.description,
            scenario: scenario)
        return GoldenComparison(goldenPath: goldenPath, mismatch: mismatch)
    }

    /// The finding of the golden property when the timeline differs from the golden beyond same-instant order.
    private func goldenFindings(_ timeline: Timeline) -> [Finding] {
        scenario.properties.compactMap { property -> Finding? in
            guard case .goldenUpToSameInstantOrder = property.rule else { return nil }
            guard let golden else {
                return Finding(
                    .property,
                    scenario.document.diagnostic(
                        at: property.pointer,
                        "property \(property.index) cannot be checked: there is no golden at \(goldenPath)",
                        hint: "record the golden with '\(advice.command("run"))' first"))
            }
            guard let difference = SameInstantOrder.difference(golden: golden, actual: timeline) else { return nil }
            var finding = Finding(
                .property,
                scenario.document.diagnostic(
                    at: property.pointer,
                    "property \(property.index) does not hold: \(property.summary): \(difference)",
                    hint: "find which order breaks it in the report, then fix the ViewModel"))
            finding.property = property.index
            return finding
        }
    }

    private func invalid(_ message: String, hint: String?) -> ScenarioOutcome {
        ScenarioOutcome(
            name: scenario.name, path: path, status: .failed,
            findings: [
                Finding(
                    .invalid,
                    Diagnostic(.error, location: SourceLocation(path: path.description), message: message, hint: hint))
            ],
            scenario: scenario)
    }
}
