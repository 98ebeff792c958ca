#if canImport(XCTest)
import Foundation
import Rehearsal
import RehearsalCLI
import XCTest

/// An XCTest case with one test per scenario file: the `RehearsalScenarioTests` build plugin generates a
/// `test_…` method for every scenario under the package's `Scenarios/` folder, each calling ``assertScenario(_:packageRoot:file:line:)``.
///
/// ```swift
/// final class ScenarioTests: XCTestCase, ScenarioTestCase {
///     static let scenarioTesting = ScenarioTesting(catalog: appCatalog)
/// }
/// ```
public protocol ScenarioTestCase: XCTestCase {
    /// How the scenarios run.
    static var scenarioTesting: ScenarioTesting { get }
}

extension ScenarioTestCase {
    /// Checks the scenario at `path` (relative to the package root) with ``scenarioTesting``; a failure points at
    /// the scenario file and the line of the step that caused it.
    public func assertScenario(
        _ path: String, packageRoot: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        assertScenario(path, with: Self.scenarioTesting, packageRoot: packageRoot, file: file, line: line)
    }

    /// Fails when the scenario files under `folder` are no longer the `generated` ones the build plugin wrote tests
    /// for (a scenario added, renamed or removed since SwiftPM last planned a build); the plugin generates one call.
    public func assertGeneratedTestsMatch(
        _ generated: [String], folder: String, packageRoot: String? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let root = Self.scenarioTesting.resolvedRoot(packageRoot: packageRoot)
        if let mismatch = GeneratedScenarioTests.mismatch(generated: generated, folder: folder, root: root) {
            recordFailure(withDescription: mismatch.unlocatedText, inFile: "\(file)", atLine: Int(line), expected: true)
        }
    }
}

extension XCTestCase {
    /// Runs every scenario under `folder` with `catalog`, in this process, compares each with its golden under the
    /// record mode (`REHEARSAL_RECORD`), and records one failure per failing scenario, located at the scenario file
    /// and the line of the step that caused it, with the diff.
    ///
    /// ```swift
    /// func testScenarios() { assertScenarios(in: "Scenarios", catalog: appCatalog) }
    /// ```
    public func assertScenarios(
        in folder: String = ScenarioLoader.defaultScenariosFolder, catalog: Catalog, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        assertScenarios(in: folder, with: ScenarioTesting(catalog: catalog), file: file, line: line)
    }

    /// Runs every scenario under `folder` as `testing` says (in this process, or `jobs` worker processes at a time)
    /// and records one failure per failing scenario, located at the scenario file and the step line.
    public func assertScenarios(
        in folder: String = ScenarioLoader.defaultScenariosFolder, with testing: ScenarioTesting,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let root = testing.resolvedRoot(packageRoot: nil)
        let paths = ScenarioLoader(root: root, scenariosFolder: folder).scenarioFiles(under: folder)
        guard !paths.isEmpty else {
            record(ScenarioTestingError.noScenarios(in: folder, root: root), file: file, line: line)
            return
        }
        do {
            let reports = try testing.check(paths, root: root)
            reports.forEach { record($0, root: root) }
            print(Self.summary(reports, folder: folder))
        } catch {
            record(error, file: file, line: line)
        }
    }

    /// Checks the scenario at `path` (relative to the package root) as `testing` says; a failure points at the
    /// scenario file and the line of the step that caused it.
    public func assertScenario(
        _ path: String, with testing: ScenarioTesting, packageRoot: String? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let root = testing.resolvedRoot(packageRoot: packageRoot)
        do {
            try testing.check([path], root: root).forEach { record($0, root: root) }
        } catch {
            record(error, file: file, line: line)
        }
    }

    /// A failure at the scenario file and line, with the whole text (its place once: XCTest prints it before the
    /// text); a golden recorded off CI is a warning line.
    func record(_ report: ScenarioCheck.Report, root: String) {
        if let failure = report.failure {
            recordFailure(
                withDescription: failure.unlocatedMessage, inFile: Self.absolute(failure.file, root: root),
                atLine: failure.line, expected: true)
        } else if report.status == .recorded {
            for note in report.placedNotes {
                print("\(Self.absolute(note.file, root: root)):\(note.line): warning: \(note.text)")
            }
        }
    }

    private func record(_ error: ScenarioTestingError, file: StaticString, line: UInt) {
        recordFailure(withDescription: error.unlocatedText, inFile: "\(file)", atLine: Int(line), expected: true)
    }

    static func absolute(_ path: String, root: String) -> String {
        path.hasPrefix("/") ? path : (root.hasSuffix("/") ? root : root + "/") + path
    }

    static func summary(_ reports: [ScenarioCheck.Report], folder: String) -> String {
        let counts = Dictionary(grouping: reports, by: \.status).mapValues(\.count)
        let parts = [ScenarioOutcome.Status.passed, .recorded, .failed, .flaky, .crashed, .timedOut].compactMap {
            status in counts[status].map { "\($0) \(status.rawValue)" }
        }
        return "Checked \(reports.count) scenario\(reports.count == 1 ? "" : "s") under \(folder): "
            + parts.joined(separator: ", ")
    }
}
#endif
