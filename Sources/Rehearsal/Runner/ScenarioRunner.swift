import CombineCompat
import Foundation
import ScenarioJSON
import VirtualTime

/// Runs scenarios in-process against a catalog, on a fresh virtual timeline each time.
///
/// ```swift
/// let runner = ScenarioRunner(catalog: exampleCatalog)
/// let result = runner.run(file: "Scenarios/contributors/load-and-paginate.json")
/// print(result.timeline?.canonicalText ?? "", result.failures)
/// ```
///
/// Runs need the main thread (the Swift concurrency executor is drained there): call from an executable's
/// top-level code or an XCTest test method. One scenario runs at a time per process.
public struct ScenarioRunner: Sendable {
    /// The ViewModels scenarios can name.
    public var catalog: Catalog
    /// Where scenario files and `$file` references are resolved.
    public var loader: ScenarioLoader
    /// Limits that stop a runaway ViewModel (virtual time and executed jobs).
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
    public func run(file path: String) -> ScenarioResult {
        let name = ScenarioLoader.name(ofPath: path, scenariosFolder: loader.scenariosFolder)
        do {
            return run(try loader.load(path), path: path)
        } catch {
            return ScenarioResult(
                name: name, path: path, timeline: nil,
                failures: error.errors.map { ScenarioFailure(kind: .invalid, error: $0) }, notes: [])
        }
    }

    /// Runs a loaded scenario. Call it on the main thread; elsewhere the result carries a failure saying so.
    public func run(_ scenario: Scenario, path: String? = nil) -> ScenarioResult {
        let path = path ?? scenario.document.path
        guard Thread.isMainThread else {
            let error = scenario.document.error(
                at: .root, "scenarios must run on the main thread (it drains the Swift concurrency executor)",
                hint: "run scenarios from an executable or an XCTest test method, not from a Swift Testing test")
            return ScenarioResult(
                name: scenario.name, path: path, timeline: nil,
                failures: [ScenarioFailure(kind: .invalid, error: error)],
                notes: [])
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
    /// Uses the same checks as ``run(file:)``; returns the failures (empty when the scenario is valid). Call it
    /// on the main thread.
    public func validate(file path: String) -> [ScenarioFailure] {
        let scenario: Scenario
        do {
            scenario = try loader.load(path)
        } catch {
            return error.errors.map { ScenarioFailure(kind: .invalid, error: $0) }
        }
        guard Thread.isMainThread else { return run(scenario, path: path).failures }
        return MainActor.assumeIsolated {
            var run = ScenarioRun(scenario: scenario, catalog: catalog, limits: limits)
            run.validateOnly = true
            return run.execute(path: path).failures
        }
    }
}
