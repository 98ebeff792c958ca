import Foundation
import ScenarioJSON
import Testing

/// One run of every bundled scenario (one planted failure) with the HTML, trace and JSON reporters, shared by the
/// report tests: `report/index.html`, `report/trace.json`, `report/results.json` in the project copy.
struct ReportFixture: Sendable {
    let project: BundledProject
    let outcome: CLIProcess.Outcome

    static let shared: Result<ReportFixture, BrowserFixtureError> = {
        do { return .success(try ReportFixture()) } catch {
            return .failure(BrowserFixtureError(description: "\(error)"))
        }
    }()

    private init() throws {
        project = try BundledProject()
        outcome = try project.cli.run([
            "run", "--record", "never", "--jobs", "2", "--reporter", "html:report", "--reporter",
            "trace:report/trace.json", "--reporter", "json:report/results.json",
        ])
    }

    var directory: URL { project.cli.directory }

    /// The parsed contents of a JSON file of the project copy.
    func json(_ path: String) throws -> JSONValue {
        try JSONParser().parse(bytes: Array(Data(contentsOf: directory.appendingPathComponent(path))), path: path).root
    }

    /// The data block embedded in a report page.
    static func embeddedData(_ page: String) throws -> JSONValue {
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"report-data\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        return try JSONParser().parse(String(page[start.upperBound..<end.lowerBound])).root
    }

    /// Where tests keep what they saw (screenshots): `.build/test-artifacts/report/`.
    static let artifacts: URL = {
        let folder = BundledProject.packageRoot.appendingPathComponent(".build/test-artifacts/report")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()
}

struct BrowserFixtureError: Error, CustomStringConvertible, Sendable {
    var description: String
}
