import Foundation
import Rehearsal

/// A temporary project directory with scenario files written into it, removed on `deinit`.
final class ScenarioSandbox {
    let root: String

    init() throws {
        root =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("rehearsal-goldens-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Writes `text` at `path` (relative to the root), creating directories.
    func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: root).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Copies the fixture file `Fixtures/<fixture>` to `path` under the root.
    func copyFixture(_ fixture: String, to path: String) throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        let text = try String(contentsOf: fixtures.appendingPathComponent(fixture), encoding: .utf8)
        try write(text, to: path)
    }

    /// Replaces `old` (which must occur) with `new` in the file at `path`.
    func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = read(path) ?? ""
        guard text.contains(old) else { throw CocoaError(.fileReadUnknown) }
        try write(text.replacingOccurrences(of: old, with: new), to: path)
    }

    /// The text of the file at `path`, or `nil` when there is none.
    func read(_ path: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent(path)))
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file under the root, relative, sorted, with its contents (a listing to compare before and after).
    func listing() -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = read(path) ?? "" }
        }
        return files
    }

    /// Runs the scenario file at `path` against the test catalog.
    func run(_ path: String, catalog: Catalog = goldenTestCatalog) -> ScenarioOutcome {
        ScenarioRunner(catalog: catalog, loader: ScenarioLoader(root: root)).run(file: path)
    }
}
