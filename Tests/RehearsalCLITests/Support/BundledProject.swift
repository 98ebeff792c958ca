import Foundation

/// A copy of this package's bundled scenarios, mocks and goldens in a fresh temporary folder, with one golden
/// changed so that exactly one scenario fails: `search/stale-request-cancelled` now expects "Using Combine!" where
/// the run shows "Using Combine".
struct BundledProject: Sendable {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let failing = "search/stale-request-cancelled"

    let cli: CLIProcess

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rehearsal-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for folder in ["Scenarios", "Mocks"] {
            try FileManager.default.copyItem(
                at: Self.packageRoot.appendingPathComponent(folder), to: directory.appendingPathComponent(folder))
        }
        cli = CLIProcess(directory: directory)
        let golden = "Scenarios/\(Self.failing).timeline.json"
        let text = try cli.read(golden)
        precondition(text.contains("\"Using Combine\""), "the planted failure needs the bundled golden's title")
        try cli.write(golden, text.replacingOccurrences(of: "\"Using Combine\"", with: "\"Using Combine!\""))
    }

    /// The names of every bundled scenario (`search/error`), from the package's own Scenarios folder.
    static var scenarioNames: [String] {
        let folder = packageRoot.appendingPathComponent("Scenarios").path
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return files.filter {
            $0.hasSuffix(".json") && !$0.hasSuffix(".timeline.json") && !$0.hasSuffix(".schema.json")
        }
        .map { String($0.dropLast(5)) }.sorted()
    }
}
