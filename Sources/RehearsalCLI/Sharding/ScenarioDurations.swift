import Foundation
import Rehearsal
import ScenarioJSON

/// How long each scenario took in the last runs that finished, by scenario path, in whole microseconds of wall
/// time: what `--shard i/n` balances by (see ``ShardPlan``).
///
/// A run without `--shard` writes them to `.rehearsal/durations.json` when it finishes (merged with what the file
/// held, so a run of one folder keeps the others' durations); `rehearsal report` writes those of the shards'
/// results. A sharded run writes none: the shards still to run must plan from the same durations as the ones before.
///
/// ```json
/// {
///   "version": 1,
///   "microseconds": {
///     "Scenarios/search/debounce.json": 18250,
///     "Scenarios/todos/add.json": 4020
///   }
/// }
/// ```
package struct ScenarioDurations: Equatable, Sendable {
    /// Where runs keep them, relative to the package root.
    static let defaultPath = ".rehearsal/durations.json"
    /// The file's format version.
    static let version = 1

    /// Microseconds per scenario path (relative to the root).
    package var microseconds: [String: Int64]

    init(microseconds: [String: Int64] = [:]) {
        self.microseconds = microseconds
    }

    /// The durations of the outcomes that ran (a scenario refused before it ran, or interrupted, says nothing about
    /// how long it takes). A duration of more microseconds than `Int64` holds (only a results file read back can say
    /// one) is left out.
    package init(_ outcomes: [ScenarioOutcome]) {
        var microseconds: [String: Int64] = [:]
        for outcome in outcomes
        where outcome.duration > 0 && !outcome.findings.contains(where: { $0.kind == .interrupted }) {
            guard let whole = Int64(exactly: (outcome.duration * 1e6).rounded()) else { continue }
            microseconds[outcome.path.description] = whole
        }
        self.init(microseconds: microseconds)
    }

    /// These durations, with `newer`'s replacing the ones of the same scenarios.
    func updated(with newer: ScenarioDurations) -> ScenarioDurations {
        ScenarioDurations(microseconds: microseconds.merging(newer.microseconds) { $1 })
    }

    /// The file's text: members sorted by path, one per line, ending with a newline.
    package var text: String {
        var durations = JSONObject()
        for path in microseconds.keys.sorted() { durations[path] = .integer(microseconds[path] ?? 0) }
        var file = JSONObject()
        file["version"] = .integer(Int64(Self.version))
        file["microseconds"] = .object(durations)
        return JSONWriter(style: .pretty).string(.object(file)) + "\n"
    }

    private struct File: Decodable {
        var version: Int
        var microseconds: [String: Int64]
    }

    /// Reads a durations file's bytes.
    /// - Throws: `JSONError` located in the file.
    package static func read(_ bytes: [UInt8], path: String) throws(JSONError) -> ScenarioDurations {
        let document = try JSONParser().parse(bytes: bytes, path: path)
        let file: File
        do {
            file = try JSONValueDecoder().decode(File.self, from: document, at: .root)
        } catch let error as JSONError {
            throw error
        } catch {
            throw JSONError(
                message: "expected the durations of scenarios, found \(error)",
                hint: "give a file that a run or 'rehearsal report' wrote", path: path)
        }
        guard file.version == version else {
            throw document.error(
                at: JSONPointer.root.appending("version"), "unknown durations format \(file.version)",
                hint: "use the durations a run of this version wrote (format \(version))")
        }
        return ScenarioDurations(microseconds: file.microseconds)
    }

    /// What reading the durations at a path gave.
    enum Loaded {
        /// There is no such file.
        case missing
        case read(ScenarioDurations)
        /// The file exists but is not durations: why.
        case invalid(String)
    }

    /// The durations in the file at `path` (absolute), shown as `shownPath`.
    static func load(_ path: String, shownPath: String) -> Loaded {
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .invalid("\(shownPath): error: cannot read the durations")
        }
        do {
            return .read(try read(Array(data), path: shownPath))
        } catch {
            return .invalid(error.description)
        }
    }

    /// Writes `newer` into the durations file of the project at `root` (``defaultPath``, or `path` relative to the
    /// current folder), merged with what it holds, dropping scenarios whose file is gone; holds the project's lock,
    /// so runs finishing at once lose nothing. Returns how many scenarios it lists.
    /// - Throws: ``FileError`` when the file cannot be written.
    @discardableResult
    static func record(_ newer: ScenarioDurations, root: String, path: String? = nil) throws(FileError) -> Int {
        let store = GoldenStore(root: root)
        let absolute = path.map(fromCurrentFolder) ?? store.absolute(defaultPath)
        let shown = path ?? defaultPath
        return try store.withProjectLock(lockFailed: { $0 }) { () throws(FileError) -> Int in
            var kept = ScenarioDurations()
            if case .read(let old) = load(absolute, shownPath: shown) { kept = old }
            var merged = kept.updated(with: newer)
            merged.microseconds = merged.microseconds.filter {
                FileManager.default.fileExists(atPath: store.absolute($0.key))
            }
            try AtomicFile().write(Array(merged.text.utf8), to: absolute, shownPath: shown)
            return merged.microseconds.count
        }
    }

    /// `path` resolved against the current folder, as the files of reports are.
    static func fromCurrentFolder(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
