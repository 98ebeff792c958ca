import Foundation
import Rehearsal

/// How a test target runs its scenarios: the catalog (to run them in the test process) and the catalog executable
/// (to run them in worker processes), the package root, and how many times each must give the same timeline.
///
/// ```swift
/// static let scenarioTesting = ScenarioTesting(catalog: appCatalog, executable: "app-rehearsal")
/// ```
/// Each scenario is compared with its golden under the record mode of `REHEARSAL_RECORD` (`never`, `missing`,
/// `failed`, `all`; by default `missing`, and `never` when CI is detected), exactly as `rehearsal run` does.
///
/// Where a scenario runs is the library's choice (``Execution/automatic``): in the test process when a catalog is
/// given — on the test's own thread, the main thread (XCTest) or not (Swift Testing, in parallel with other tests);
/// scenarios take turns, one at a time per process — else in a worker process of `executable` (a target of the
/// package whose `main.swift` calls `RehearsalCLI.main(catalog:)`, listed in the test target's dependencies so that
/// SwiftPM builds it beside the tests). Results read the same either way; workers also isolate a ViewModel that
/// crashes or hangs, and run scenarios in parallel.
public struct ScenarioTesting: Sendable {
    /// Where scenarios run.
    public enum Execution: Sendable {
        /// In the test process when a ``ScenarioTesting/catalog`` is given, else in worker processes of
        /// ``ScenarioTesting/executable``.
        case automatic
        /// Always in the test process (needs ``ScenarioTesting/catalog``).
        case inProcess
        /// Always in worker processes of ``ScenarioTesting/executable``: a ViewModel that crashes or hangs fails
        /// only its own scenario, and scenarios run in parallel.
        case workers
    }

    /// The ViewModels scenarios name, to run them in the test process.
    public var catalog: Catalog?
    /// The name of the package's catalog executable (`app-rehearsal`), to run scenarios in worker processes.
    public var executable: String?
    /// The package root scenario paths are relative to; `nil` is the package of generated tests, else the current
    /// directory (the package root under `swift test`).
    public var root: String?
    /// How many times each scenario runs (1 by default): every run must give the first one's timeline, byte for byte.
    public var runs: Int
    /// How long one scenario may take in a worker process (wall clock) before it fails as timed out.
    public var timeout: Duration
    /// How many worker processes ``XCTest/XCTestCase/assertScenarios(in:with:file:line:)`` runs at once.
    public var jobs: Int
    /// Where scenarios run.
    public var execution: Execution
    /// The environment the record mode and CI are read from.
    public var environment: [String: String]

    /// Creates the settings; give a `catalog`, an `executable`, or both.
    public init(
        catalog: Catalog? = nil, executable: String? = nil, root: String? = nil, runs: Int = 1,
        timeout: Duration = .seconds(60), jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        execution: Execution = .automatic, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.catalog = catalog
        self.executable = executable
        self.root = root
        self.runs = max(1, runs)
        self.timeout = timeout
        self.jobs = max(1, jobs)
        self.execution = execution
        self.environment = environment
    }

    /// The root scenario paths resolve against: `root`, else `packageRoot` (known to generated tests), else the
    /// current directory.
    func resolvedRoot(packageRoot: String?) -> String {
        let root = root ?? packageRoot ?? FileManager.default.currentDirectoryPath
        let current = FileManager.default.currentDirectoryPath
        let url = root.hasPrefix("/") ? URL(fileURLWithPath: root) : URL(fileURLWithPath: current + "/" + root)
        return url.standardizedFileURL.path
    }
}
