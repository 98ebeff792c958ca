import CombineCompat
import Foundation
import FrameworkSeam
import ScenarioJSON
import VirtualTime

/// One run of one scenario: builds the ViewModel, subscribes to its outputs, plays the steps on a fresh virtual
/// timeline, then runs the end-of-scenario checks.
struct ScenarioRun {
    let scenario: Scenario
    let catalog: Catalog
    /// The runner's limits; `maxTime` is the margin after the last step for a scenario without `until`.
    let limits: VirtualTimeLimits
    let virtualizesSystemTime: Bool
    /// Sees each event as it is recorded (a worker process streams them so a crash still shows the last ones).
    var observer: (@Sendable (TimelineEvent) -> Void)?
    /// Sees where the glue is, before the factory runs and after it made the mocks.
    var glueObserver: (@Sendable (GlueSites) -> Void)?
    /// Decides the order of same-instant work, response latencies and step placement (an explorer); nil plays the
    /// scenario's `schedule`, if any, else the default order.
    var control: (any RunControl)?
    /// How hints name the command line.
    var advice = RecordAdvice()
    /// The hint for a mock script that does not fit the calls: whether the scenario has a golden (see
    /// ``ScriptHint``).
    var scriptHint = ScriptHint()
    /// Only builds the ViewModel and checks the scenario against it (its mock types, exclusions and inputs), without
    /// playing it: for a scenario that did not load whole (see ``ScenarioLoadError/partial``).
    var setupOnly = false
    /// Reports only what fixing the file fixes (``ScenarioRunner/validate(file:)``): mistakes in the file, and what
    /// the run found about its mock script (calls without a response, responses not used, answers that do not fit
    /// the method).
    var validates = false
    /// Collects what the ViewModel shows of itself, for a starter scenario (see ``ScenarioDiscovery``).
    var discovery: ScenarioDiscovery?
    /// Times the run's phases (the benchmark's split of a scenario's cost).
    var phases: RunPhases?
    /// The `rehearsal mutate` play this run is (its mutant), which records the operator calls reached; nil for
    /// every other run.
    var mutation: MutationPlay?
    let findings = FindingLog()
    /// Sends into inputs nothing subscribed to.
    let unheard = UnheardInputs()
    /// Outputs, states and routes emitted off the main thread.
    let offMain = OffMainEmissions()
    /// Inputs the bind subscribed to a second time.
    let repeatedBinding = RepeatedBinding()

    init(scenario: Scenario, catalog: Catalog, limits: VirtualTimeLimits, virtualizesSystemTime: Bool) {
        self.scenario = scenario
        self.catalog = catalog
        self.limits = limits
        self.virtualizesSystemTime = virtualizesSystemTime
    }

    /// The virtual-time limit of this scenario: its `until`, or the last step plus the runner's margin.
    var timeLimit: ScenarioDuration {
        scenario.until ?? (scenario.steps.last?.at ?? .zero) + limits.maxTime
    }

    /// Plays the scenario on the calling thread, which drives the timeline and plays the main thread for it.
    func execute(path: PathName) -> ScenarioOutcome {
        phases?.started()
        var outcome = ScenarioOutcome(name: scenario.name, path: path, status: .failed, scenario: scenario)
        guard let entry = catalog.entry(named: scenario.viewModel) else {
            outcome.findings = [Finding(.invalid, unknownViewModel())]
            return outcome
        }
        let control: (any RunControl)?
        switch self.control.map(Result.success) ?? (setupOnly ? .success(nil) : scheduleControl()) {
        case .success(let chosen): control = chosen
        case .failure(let invalid):
            outcome.findings = [invalid.finding]
            return outcome
        }
        var scenarioLimits = limits
        scenarioLimits.maxTime = timeLimit
        let timeline = VirtualEventLoop(
            limits: scenarioLimits, initialCause: .setup, wallClockStart: scenario.clockStart,
            policy: control?.schedulingPolicy() ?? DefaultSchedulingPolicy())
        let recorder = TimelineRecorder(timeline: timeline, observer: observer)
        let engine = MockScriptEngine(scenario: scenario, recorder: recorder, timeline: timeline, failures: findings)
        engine.control = control
        engine.scriptHint = scriptHint
        engine.discovery = discovery
        let frameworks = ScenarioFrameworkHost(engine: engine, scenario: scenario, recorder: recorder)
        // The end checks: sends that went nowhere, what the run found about the mock script, what the ViewModel left.
        var unheardChecks: [Finding] = []
        var scriptChecks: [Finding] = []
        var leftoverChecks: [Finding] = []
        var state = PlayState()
        let mutations = mutation?.session()
        do {
            try timeline.runScenario(virtualizesSystemTime: virtualizesSystemTime) {
                // The stand-ins of Apple's frameworks reach this run through its host while it runs (runs take turns
                // here, so the one slot is this run's).
                FrameworkHosting.install(frameworks)
                defer { FrameworkHosting.remove(frameworks) }
                // So do CombineCompat's operators, the mutant of a mutate play (nothing for any other run).
                mutations.map(MutationSeam.install)
                defer { mutations.map(MutationSeam.remove) }
                // Inside the run this thread plays the main thread: MainActor code may run here synchronously.
                try MainActor.assumeIsolated {
                    let leakProbe = try play(
                        entry, timeline: timeline, recorder: recorder, engine: engine, control: control,
                        state: &state)
                    engine.reportUnscriptedCalls()
                    if state.started, !state.checkingOnly {
                        // Sends that went nowhere come first: they are the cause of the responses never used and
                        // of the outputs never emitted that the other checks find.
                        unheardChecks = unheard.findings(scenario)
                        unheardChecks += repeatedBinding.findings + offMain.findings(scenario)
                        let checks = EndChecks(
                            scenario: scenario, timeline: timeline, engine: engine, leakProbe: leakProbe)
                        scriptChecks = checks.unusedResponses()
                        leftoverChecks = checks.leftovers()
                    }
                }
            }
        } catch let error as VirtualTimeError {
            findings.add(runawayFinding(error))
        } catch let error as JSONError {
            // A factory's JSON errors come from decoding the config: the scenario file is what to fix.
            findings.add(Finding(.invalid, error.diagnostic))
        } catch {
            findings.add(
                Finding(
                    .factory,
                    scenario.document.diagnostic(
                        at: JSONPointer.root.appending("viewModel"),
                        "building ViewModel '\(scenario.viewModel)' failed: \(error)",
                        hint: "check the catalog's factory and the scenario's config")))
        }
        // A run stopped early (a runaway timeline, a factory that threw) still reports the calls held back.
        engine.reportUnscriptedCalls()
        control?.runEnded(unused: engine.unusedResponses.map { ($0.entry.key, $0.index, $0.usesLeft) })
        if state.checkingOnly {
            // The file has mistakes already: what else playing it found that is a mistake in the file is kept;
            // the rest may only follow from the steps left out (an unused response, a missing output).
            outcome.findings = findings.all.filter { $0.kind == .invalid }
            // The ports not recorded may be why a step's input is unknown.
            if let note = excludedPortsNote(state.excludedPorts) { outcome.notes.append(note) }
            outcome.systemTime = timeline.systemTime ?? .real(.switchedOff)
            return outcome
        }
        outcome.mutation = mutations.map { MutationPlay($0, viewModel: scenario.viewModel) }
        let started = state.started
        var maskFindings: [Finding] = []
        if started {
            let masked = MaskedTimeline(
                Timeline(scenario: scenario.name, events: recorder.recorded), masks: scenario.masks)
            outcome.timeline = masked.timeline
            maskFindings = masked.findings(scenario)
        }
        outcome.systemTime = timeline.systemTime ?? .real(.switchedOff)
        if case .real = outcome.systemTime, started {
            outcome.notes.append(
                Finding(
                    .environment,
                    Diagnostic(
                        .note, location: SourceLocation(path: path.description),
                        message: "system time was \(outcome.systemTime) in this run: only context.clock and the "
                            + "Combine schedulers were virtual",
                        hint: outcome.systemTime == .real(.switchedOff)
                            ? "leave REHEARSAL_SYSTEM_TIME unset (and virtualizesSystemTime true) for virtual time"
                            : "link the package's time interposition into the executable or test binary (see the "
                                + "docs/virtual-time.md)")))
        }
        let endChecks = unheardChecks + scriptChecks + leftoverChecks
        if started, let note = excludedPortsNote(state.excludedPorts) { outcome.notes.append(note) }
        outcome.findings = findings.all + maskFindings
        if scenario.strict {
            outcome.findings += endChecks
        } else {
            // A mistake in the scenario file (a misspelt mock method) fails a lenient scenario too.
            outcome.findings += endChecks.filter { $0.kind == .invalid }
            outcome.notes += endChecks.filter { $0.kind != .invalid }.map { finding in
                var note = finding
                note.diagnostic.severity = .note
                return note
            }
        }
        // Properties see the values as recorded, before masks replace any with a placeholder.
        if started { checkProperties(recorder.recorded, control: control, into: &outcome) }
        if validates {
            // What a run reports about the mock script and the masks is about the file too (a key under another
            // name than the method, a response left over, a mask of the wrong shape), whatever kind it is; what the
            // ViewModel does is for `run`. Built from its parts, so n findings cost O(n).
            let aboutFile = { (finding: Finding) in finding.kind == .invalid || finding.kind == .mock }
            outcome.findings =
                findings.all.filter(aboutFile) + maskFindings + unheardChecks.filter(aboutFile)
                + (scenario.strict ? scriptChecks : scriptChecks.filter(aboutFile)) + leftoverChecks.filter(aboutFile)
        }
        outcome.status = outcome.findings.isEmpty ? .passed : .failed
        phases?.checked()
        return outcome
    }

    /// Builds, binds and drives the ViewModel; returns a weak probe on it for the leak check, taken after the
    /// run released every reference it held.
    @MainActor
    private func play(
        _ entry: any CatalogEntry, timeline: VirtualEventLoop, recorder: TimelineRecorder, engine: MockScriptEngine,
        control: (any RunControl)?, state: inout PlayState
    ) throws -> LeakProbe {
        var built: BuiltViewModel?
        var ports = Ports()
        var subscriptions: [AnyCancellable] = []
        let context = ScenarioContext(scenario: scenario, timeline: timeline, mockEngine: engine, recorder: recorder)
        // Whatever happens, the collaborators go with the run (the ViewModel is released by then).
        defer { context.releaseCollaborators() }
        // Only a worker watches the glue; a run in the process does not work it out.
        var glue = glueObserver == nil ? GlueSites() : entry.declaration?.sites ?? GlueSites()
        glueObserver?(glue)
        try timeline.withCause(.setup) {
            let made = try entry.instantiate(context)
            built = made
            if let glueObserver {
                for type in engine.mockClasses {
                    glue.add(module: GlueSites.module(ofType: type))
                    glue.mockTypes.append(String(type.split(separator: ".").last ?? ""))
                }
                glue.modules.removeAll { $0 == glue.viewModelModule }
                glueObserver(glue)
            }
            for unknown in unknownMockTypes(created: engine.createdMocks) {
                findings.add(Finding(.invalid, unknown.diagnostic))
                // Reported here: a call of the right mock must not report the key as a misspelt method again.
                engine.lock.withLock { _ = engine.misspeltKeys.insert(unknown.key) }
            }
            ports = PortDiscovery.discover(made, declared: context.declared)
            discovery?.found(ports)
            for diagnostic in unknownExclusions(ports) { findings.add(Finding(.invalid, diagnostic)) }
            for diagnostic in unknownPropertyNames(ports) { findings.add(Finding(.invalid, diagnostic)) }
            for (step, diagnostic) in validateInputs(ports) {
                state.skippedSteps.insert(step)
                findings.add(Finding(.invalid, diagnostic, step: scenario.stepReference(step)))
            }
            guard !setupOnly else { return }
            // With mistakes found already, the rest of the file is still checked by playing it (the steps that send
            // to unknown inputs left out): only further mistakes in the file are kept (see `execute`).
            state.checkingOnly = !findings.isEmpty
            state.started = true
            unheard.entryBinds = made.binds
            state.excludedPorts = ports.excluded
            subscriptions = ports.outputs.map { OutputRecording.subscribe($0, recorder: recorder, offMain: offMain) }
            // Only a bind can subscribe the inputs again: an entry without one has nothing to compare.
            let unbound = made.binds ? listenerCounts(ports) : nil
            made.bind()
            try timeline.settle()
            if let unbound { repeatedBinding.compare(before: unbound, after: listenerCounts(ports)) }
        }
        let probe = LeakProbe(built?.object)
        phases?.built()
        guard state.started else { return probe }
        try playSteps(ports, timeline: timeline, recorder: recorder, control: control, skipping: state.skippedSteps)
        if let until = scenario.until {
            try timeline.advance(to: max(until, timeline.now))
        } else {
            try timeline.run()
        }
        engine.scenarioEnded()
        subscriptions.forEach { $0.cancel() }
        subscriptions.removeAll()
        ports = Ports()
        built = nil
        // The collaborators the context kept go with it, as the screen's objects go when it closes.
        context.releaseCollaborators()
        // Releasing the ViewModel runs its deinit (cancelled subscriptions, cancelled tasks); let that work run
        // now, on this timeline, so it neither looks unfinished to the end checks nor leaks into the next run.
        try timeline.withCause(.teardown) { try timeline.settle() }
        phases?.played()
        return probe
    }

    /// The finding for a runaway ViewModel, at the step whose work kept running when the error names one, with the
    /// scenario's time limit and where it comes from.
    private func runawayFinding(_ error: VirtualTimeError) -> Finding {
        var pointer = scenario.until == nil ? JSONPointer.root : JSONPointer.root.appending("until")
        var cause: WorkCause?
        let message: String
        switch error {
        case .timeLimitExceeded(let limit, let next, let pendingCount):
            cause = next.cause
            if let index = next.cause.stepIndex { pointer = JSONPointer.root.appending("steps").appending(index) }
            let source =
                scenario.until == nil
                ? "the last step at \(scenario.steps.last?.at ?? .zero) plus \(limits.maxTime)" : "'until'"
            let others = pendingCount > 1 ? " (and \(pendingCount - 1) more pending timers)" : ""
            message =
                "the ViewModel did not settle within the scenario's time limit of \(limit) (\(source)): "
                + "\(next.what) from \(next.cause) is still scheduled, next at \(next.at)\(others)"
        case .stepLimitExceeded(_, _, _, _, let stepCause):
            cause = stepCause
            if let index = stepCause.stepIndex { pointer = JSONPointer.root.appending("steps").appending(index) }
            fallthrough
        default:
            let headline = error.description.split(separator: "\n", maxSplits: 1).first.map(String.init)
            message = "the ViewModel did not settle: \(headline ?? "\(error)")"
        }
        return Finding(
            .runaway,
            scenario.document.diagnostic(
                at: pointer, message,
                hint: "cancel repeating timers and long-running tasks when the work is done, or set \"until\""),
            step: scenario.stepReference(for: cause))
    }
}
