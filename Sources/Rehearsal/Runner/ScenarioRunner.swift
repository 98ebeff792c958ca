import CombineCompat
import Foundation
import ScenarioJSON
import VirtualTime

/// Runs scenarios in-process against a catalog, on a fresh virtual timeline each time.
///
/// ```swift
/// let runner = ScenarioRunner(catalog: exampleCatalog)
/// let outcome = runner.run(file: "Scenarios/contributors/load-and-paginate.json")
/// print(outcome.timeline?.canonicalText ?? "", outcome.findings)
/// ```
///
/// A run may start on any thread: an executable's top-level code, an XCTest method, a Swift Testing test body
/// (with other tests running in parallel). That thread drives the scenario and plays the main thread for it (the
/// ViewModel's MainActor work runs there); scenarios are serialised process-wide, so a run started while another
/// thread's runs waits for it.
public struct ScenarioRunner: Sendable {
    /// The ViewModels scenarios can name.
    public var catalog: Catalog
    /// Where scenario files and `$file` references are resolved.
    public var loader: ScenarioLoader
    /// Limits that stop a runaway ViewModel: `maxSteps` jobs and timers in one stretch, and virtual time — a
    /// scenario with `until` stops there; one without it may run `maxTime` past its last step.
    public var limits: VirtualTimeLimits
    /// Called with each timeline event as it is recorded, on the thread that runs the scenario.
    ///
    /// A worker process uses it to stream progress, so a ViewModel that crashes or hangs still shows its last events.
    public var eventObserver: (@Sendable (TimelineEvent) -> Void)?
    /// Called with where the glue of the running scenario lives: before the factory runs (the catalog entry's file
    /// and module) and again once it made its mocks. A worker streams it, so a crash is told apart as the glue's.
    public var glueObserver: (@Sendable (GlueSites) -> Void)?
    /// Whether runs report only what ``validate(file:)`` reports (what fixing the file fixes).
    var validates = false
    /// When set, runs record what the ViewModel shows of itself in it, and leave unscripted mock calls unanswered
    /// without reporting them (`rehearsal new`; see ``ScenarioDiscovery``).
    package var discovery: ScenarioDiscovery?
    /// When set, tallies where each run spends its real time (the benchmark's split of a scenario's cost).
    package var phases: RunPhases?
    /// When set, each run is a `rehearsal mutate` play under its mutant (nil: the baseline), and its outcome's
    /// ``ScenarioOutcome/mutation`` lists the operator calls it reached (see ``Mutator``).
    package var mutation: MutationPlay?
    /// Whether the ViewModel's own time sources (`Task.sleep`, `ContinuousClock`, `Date()`, `DispatchQueue`) run on
    /// the virtual timeline; default true unless the environment sets `REHEARSAL_SYSTEM_TIME=real`. When false, or
    /// when the interposition is not in effect, only `context.clock` and the Combine schedulers are virtual, and
    /// each outcome's `systemTime` (and a note) says so.
    public var virtualizesSystemTime = !SystemTime.isSwitchedOff(environment: ProcessInfo.processInfo.environment)
    /// Whether a scenario (by its path) has a golden timeline, for the hints about a mock script that no longer fits
    /// the ViewModel's calls (see ``ScriptHint``); `nil` (no golden known) outside a golden check.
    package var hasGolden: (@Sendable (PathName) -> Bool)?
    /// How hints name the command line (`store-rehearsal explore …`): the loader's.
    public var advice: RecordAdvice {
        get { loader.advice }
        set { loader.advice = newValue }
    }

    /// Creates a runner.
    public init(
        catalog: Catalog, loader: ScenarioLoader = ScenarioLoader(), limits: VirtualTimeLimits = VirtualTimeLimits()
    ) {
        self.catalog = catalog
        self.loader = loader
        self.limits = limits
    }

    /// Loads and runs the scenario file at `path` (relative to the loader's root).
    public func run(file path: String) -> ScenarioOutcome {
        run(file: PathName(path))
    }

    /// Loads and runs the scenario file at `path`, named by its bytes (any name the file system stores).
    public func run(file path: PathName) -> ScenarioOutcome {
        let name = ScenarioLoader.name(of: path, scenariosFolder: loader.scenariosFolder)
        do {
            return run(try loader.load(path), path: path)
        } catch {
            return failedToLoad(error, name: name, path: path)
        }
    }

    /// The outcome of a file that does not load: its problems, then those the catalog finds in what did load (an
    /// unknown ViewModel, a config that does not decode, unknown mock types and inputs), which do not depend on them.
    package func failedToLoad(_ error: ScenarioLoadError, name: String, path: PathName) -> ScenarioOutcome {
        var outcome = ScenarioOutcome(
            name: name, path: path, status: .failed, findings: error.diagnostics.map { Finding(.invalid, $0) })
        if let partial = error.partial {
            var run = ScenarioRun(
                scenario: partial, catalog: catalog, limits: limits, virtualizesSystemTime: virtualizesSystemTime)
            run.setupOnly = true
            run.advice = advice
            // One list in file order, whichever check found each problem.
            let all = outcome.findings + run.execute(path: path).findings
            outcome.findings = all.enumerated().sorted { first, second in
                let a = first.element.diagnostic.location
                let b = second.element.diagnostic.location
                let left = (a?.line ?? 0, a?.column ?? 0, first.offset)
                let right = (b?.line ?? 0, b?.column ?? 0, second.offset)
                return left < right
            }.map(\.element)
        }
        return outcome
    }

    /// Runs a loaded scenario, on the calling thread (see the type's notes on threads).
    public func run(_ scenario: Scenario, path: PathName? = nil) -> ScenarioOutcome {
        run(scenario, path: path, control: nil)
    }

    /// Runs a loaded scenario with `control` deciding the order of same-instant work, latencies and steps (an
    /// explorer's schedule); nil plays the scenario's `schedule` or the default order.
    package func run(_ scenario: Scenario, path: PathName?, control: (any RunControl)?) -> ScenarioOutcome {
        var run = ScenarioRun(
            scenario: scenario, catalog: catalog, limits: limits, virtualizesSystemTime: virtualizesSystemTime)
        run.observer = eventObserver
        run.glueObserver = glueObserver
        run.control = control
        run.advice = advice
        if let path, let hasGolden {
            run.scriptHint = ScriptHint(path: path, hasGolden: hasGolden(path), advice: advice)
        }
        run.validates = validates
        run.discovery = discovery
        run.phases = phases
        run.mutation = mutation
        return run.execute(path: path ?? PathName(scenario.document.path ?? scenario.name + ".json"))
    }

    /// Checks the scenario file at `path` against the catalog by playing it, without comparing it with a golden:
    /// the file must load, the ViewModel must exist and build from the config, every `send` must name one of its
    /// inputs and its value fit, every mock key must name a method the ViewModel calls, every `when` an argument the
    /// method takes, every scripted body must decode, and every mask must select values.
    ///
    /// Returns the findings that fixing the file fixes (empty when the scenario is valid): mistakes in the file (kind
    /// `.invalid`), and what ``run(file:)`` reports about the mock script — a call no response answers or that a
    /// scripted answer does not fit (`.mock`), a response no call used (`.endCheck`; a note, not a finding, in a
    /// `"strict": false` scenario). What the ViewModel does wrong (an unfinished task, a leak) is for ``run(file:)``.
    /// The ``eventObserver`` sees the events as they happen, as in a run (a worker streams them, so a scenario that
    /// crashes or hangs while it is validated is located at its step).
    public func validate(file path: String) -> [Finding] {
        validate(file: PathName(path))
    }

    /// ``validate(file:)-(String)`` for a path named by its bytes.
    public func validate(file path: PathName) -> [Finding] {
        var validating = self
        validating.validates = true
        return validating.run(file: path).findings
    }
}
