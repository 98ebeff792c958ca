#if canImport(Testing)
import Foundation
import Rehearsal
import RehearsalCLI
import Testing

extension ScenarioFile: CustomTestStringConvertible {
    /// The scenario's name, as Swift Testing shows the test case.
    public var testDescription: String { name }
}

extension ScenarioFile {
    /// Checks this scenario as `testing` says — run it, compare it with its golden under the record mode — and
    /// records an issue located at the scenario file and the line of the step that caused the failure, with the diff
    /// and the actual timeline attached (`swift test --attachments-path DIR` saves them).
    ///
    /// A golden recorded off CI is a warning; under CI it is an error.
    public func check(
        with testing: ScenarioTesting, packageRoot: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        if let unavailable {
            Issue.record(Comment(rawValue: unavailable.description), sourceLocation: sourceLocation)
            return
        }
        let root = testing.resolvedRoot(packageRoot: packageRoot ?? self.root)
        do {
            for report in try await testing.checkAsynchronously([path], root: root) {
                ScenarioIssue.record(report, root: root)
            }
        } catch {
            Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
        }
    }
}

/// How a scenario's report becomes Swift Testing issues and attachments.
enum ScenarioIssue {
    static func record(_ report: ScenarioCheck.Report, root: String) {
        let location: SourceLocation
        if let failure = report.failure {
            location = sourceLocation(failure.file, line: failure.line, column: failure.column, root: root)
            Issue.record(Comment(rawValue: failure.message), severity: .error, sourceLocation: location)
        } else if report.status == .recorded {
            // At the golden it wrote, as XCTest places it: that is the file to review.
            let golden = report.placedNotes.first { $0.file != report.path }
            location = sourceLocation(golden?.file ?? report.path, line: golden?.line ?? 1, column: nil, root: root)
            let comment = report.notes.joined(separator: "\n")
            Issue.record(Comment(rawValue: comment), severity: .warning, sourceLocation: location)
        } else {
            return
        }
        let base = report.name.replacingOccurrences(of: "/", with: "-")
        if let diff = report.diff {
            Attachment.record(diff, named: base + ".diff.txt", sourceLocation: location)
        }
        if let timeline = report.timeline {
            Attachment.record(timeline.canonicalText, named: base + ".timeline.json", sourceLocation: location)
        }
    }

    /// A location in a scenario (or `$file`, or golden) file: Swift Testing shows its last path component and line.
    static func sourceLocation(_ file: String, line: Int, column: Int?, root: String) -> SourceLocation {
        let absolute = file.hasPrefix("/") ? file : (root.hasSuffix("/") ? root : root + "/") + file
        let relative = file.hasPrefix("/") ? URL(fileURLWithPath: file).lastPathComponent : file
        let fileID = relative.contains("/") ? relative : "Scenarios/" + relative
        return SourceLocation(fileID: fileID, filePath: absolute, line: max(1, line), column: max(1, column ?? 1))
    }
}

/// A Swift Testing suite with one test per scenario file: the `RehearsalScenarioTests` build plugin generates a
/// `@Test` named after every scenario under the package's `Scenarios/` folder, each calling
/// ``check(_:packageRoot:sourceLocation:)``, so `swift test --filter search/error` runs that scenario.
///
/// ```swift
/// @Suite struct ScenarioTests: ScenarioSuite {
///     static let scenarioTesting = ScenarioTesting(catalog: appCatalog, executable: "app-rehearsal")
/// }
/// ```
public protocol ScenarioSuite {
    /// How the scenarios run.
    static var scenarioTesting: ScenarioTesting { get }
}

extension ScenarioSuite {
    /// Checks the scenario at `path` (relative to the package root) with ``scenarioTesting``.
    public func check(
        _ path: String, packageRoot: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await ScenarioFile(path: path).check(
            with: Self.scenarioTesting, packageRoot: packageRoot, sourceLocation: sourceLocation)
    }

    /// Records an issue when the scenario files under `folder` are no longer the `generated` ones the build plugin
    /// wrote tests for (a scenario added, renamed or removed since SwiftPM last planned a build); the plugin
    /// generates one call.
    public func checkGeneratedTestsMatch(
        _ generated: [String], folder: String, packageRoot: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let root = Self.scenarioTesting.resolvedRoot(packageRoot: packageRoot)
        if let mismatch = GeneratedScenarioTests.mismatch(generated: generated, folder: folder, root: root) {
            Issue.record(Comment(rawValue: mismatch.description), sourceLocation: sourceLocation)
        }
    }
}
#endif
