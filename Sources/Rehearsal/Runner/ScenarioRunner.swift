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
/// Runs need the main thread (the Swift concurrency executor is drained there): call from an executable's
/// top-level code or an XCTest test method. One scenario runs at a time per process.
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
        let name = ScenarioLoader.name(ofPath: path, scenariosFolder: loader.scenariosFolder)
        do {
            return run(try loader.load(path), path: path)
        } catch {
            return ScenarioOutcome(
                name: name, path: path, status: .failed, findings: error.diagnostics.map { Finding(.invalid, $0) })
        }
    }

    /// Runs a loaded scenario. Call it on the main thread; elsewhere the outcome carries a finding saying so.
    public func run(_ scenario: Scenario, path: String? = nil) -> ScenarioOutcome {
        let path = path ?? scenario.document.path ?? scenario.name + ".json"
        guard Thread.isMainThread else {
            let diagnostic = scenario.document.diagnostic(
                at: .root, "scenarios must run on the main thread (it drains the Swift concurrency executor)",
                hint: "run scenarios from an executable or an XCTest test method, not from a Swift Testing test")
            return ScenarioOutcome(
                name: scenario.name, path: path, status: .failed, findings: [Finding(.environment, diagnostic)],
                scenario: scenario)
        }
        return MainActor.assumeIsolated {
            var run = ScenarioRun(scenario: scenario, catalog: catalog, limits: limits)
            run.observer = eventObserver
            return run.execute(path: path)
        }
    }

    /// Checks the scenario file at `path` against the catalog without playing it: the file must load, the
    /// ViewModel must exist and build from the config, and every mock and `send` must name one of its ports.
    ///
    /// Uses the same checks as ``run(file:)``; returns the findings (empty when the scenario is valid). Call it
    /// on the main thread.
    public func validate(file path: String) -> [Finding] {
        let scenario: Scenario
        do {
            scenario = try loader.load(path)
        } catch {
            return error.diagnostics.map { Finding(.invalid, $0) }
        }
        guard Thread.isMainThread else { return run(scenario, path: path).findings }
        return MainActor.assumeIsolated {
            var run = ScenarioRun(scenario: scenario, catalog: catalog, limits: limits)
            run.validateOnly = true
            return run.execute(path: path).findings
        }
    }
}
