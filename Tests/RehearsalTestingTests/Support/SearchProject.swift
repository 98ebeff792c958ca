import Foundation

/// A copy of the bundled `Scenarios/search` scenarios, their goldens and `Mocks/` in a fresh temporary folder, with
/// two planted problems: the golden of `search/stale-request-cancelled` expects "Using Combine!" where the run shows
/// "Using Combine" (first divergence caused by the step at line 12), and `search/error` has no golden.
final class SearchProject: Sendable {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    let root: String

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rehearsal-testing-\(UUID().uuidString)")
        root = directory.path
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
        for folder in ["Scenarios/search", "Mocks"] {
            try FileManager.default.copyItem(
                at: Self.packageRoot.appendingPathComponent(folder), to: directory.appendingPathComponent(folder))
        }
        let golden = directory.appendingPathComponent("Scenarios/search/stale-request-cancelled.timeline.json")
        let text = try String(contentsOf: golden, encoding: .utf8)
        guard text.contains("\"Using Combine\"") else { throw CocoaError(.fileReadCorruptFile) }
        try Data(text.replacingOccurrences(of: "\"Using Combine\"", with: "\"Using Combine!\"").utf8).write(to: golden)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("Scenarios/search/error.timeline.json"))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root + "/" + path)
    }
}
