import Foundation
import ScenarioJSON

extension GoldenStore {
    /// Where the actual timeline of a failing scenario is kept: `artifactsFolder` + the golden's path
    /// (`.rehearsal/artifacts/Scenarios/a/b.timeline.json`).
    public func artifactPath(forScenario scenarioPath: String) -> String {
        var golden = goldenPath(forScenario: scenarioPath)
        while golden.hasPrefix("/") { golden.removeFirst() }
        return folder(artifactsFolder) + golden
    }

    /// The index of kept artifacts (`.rehearsal/artifacts/index.json`): which scenario each artifact belongs to.
    public var artifactIndexPath: String { folder(artifactsFolder) + "index.json" }

    /// Keeps `timeline` as the actual timeline of a scenario whose golden it did not match, and lists it in the
    /// index, both atomically, holding the project's lock (so concurrent runs lose no index entry).
    /// - Throws: ``FileError`` when a file cannot be written.
    public func writeArtifact(_ timeline: Timeline, forScenario scenarioPath: String) throws(FileError) {
        let scenarioPath = Self.normalized(scenarioPath)
        let path = artifactPath(forScenario: scenarioPath)
        try file.write(Array(timeline.canonicalText.utf8), to: absolute(path), shownPath: path)
        try withProjectLock(lockFailed: { $0 }) { () throws(FileError) in
            var listed = Set(indexedScenarios())
            if !listed.contains(scenarioPath) {
                listed.insert(scenarioPath)
                try writeIndex(listed.sorted())
            }
        }
    }

    /// The scenario paths that have a kept artifact, sorted.
    public func artifacts() -> [String] {
        indexedScenarios().filter { FileManager.default.fileExists(atPath: absolute(artifactPath(forScenario: $0))) }
    }

    /// Makes kept artifacts the goldens of their scenarios (all of them when `scenarioPaths` is `nil`), each by
    /// one atomic rename, and drops them from the index. Returns the golden paths written, in order.
    ///
    /// Every requested artifact is checked first (it exists and is a valid timeline); when one is not, nothing
    /// is moved.
    /// ```swift
    /// try store.acceptArtifacts(["Scenarios/a.json"])   // ["Scenarios/a.timeline.json"]
    /// ```
    /// - Throws: ``GoldenStoreError`` for a scenario without an artifact, an invalid artifact, or a failed move.
    public func acceptArtifacts(_ scenarioPaths: [String]? = nil) throws(GoldenStoreError) -> [String] {
        try withProjectLock(lockFailed: { .file($0) }) { () throws(GoldenStoreError) in
            try acceptUnlocked(scenarioPaths)
        }
    }

    private func acceptUnlocked(_ scenarioPaths: [String]?) throws(GoldenStoreError) -> [String] {
        let wanted = scenarioPaths?.map(Self.normalized) ?? artifacts()
        for scenario in wanted {
            let path = artifactPath(forScenario: scenario)
            let read: [UInt8]?
            do { read = try readBytes(path) } catch { throw .file(error) }
            guard let bytes = read else {
                throw .noArtifact(scenario: scenario, path: path, folder: artifactsFolder)
            }
            do {
                _ = try Timeline(goldenBytes: bytes, path: path)
            } catch {
                throw .invalidArtifact(error)
            }
        }
        var accepted: [String] = []
        var remaining = Set(indexedScenarios())
        for scenario in wanted {
            let golden = goldenPath(forScenario: scenario)
            do {
                try file.move(
                    absolute(artifactPath(forScenario: scenario)), to: absolute(golden), shownPath: golden)
            } catch {
                // The index only lists; artifacts() skips entries whose file is gone, so a stale index is harmless.
                if !accepted.isEmpty { try? writeIndex(remaining.sorted()) }
                throw .file(error)
            }
            accepted.append(golden)
            remaining.remove(scenario)
        }
        if !accepted.isEmpty {
            do { try writeIndex(remaining.sorted()) } catch { throw .file(error) }
        }
        return accepted
    }

    /// Drops the kept artifact of a scenario (when its run passed or recorded its golden, the artifact is stale and
    /// must not be accepted later). Does nothing when there is none.
    /// - Throws: ``FileError`` when a file cannot be removed or the index cannot be written.
    public func removeArtifact(forScenario scenarioPath: String) throws(FileError) {
        let scenarioPath = Self.normalized(scenarioPath)
        let path = artifactPath(forScenario: scenarioPath)
        // Most runs pass and have nothing kept: look before taking the lock.
        guard FileManager.default.fileExists(atPath: absolute(path)) || indexedScenarios().contains(scenarioPath)
        else { return }
        try withProjectLock(lockFailed: { $0 }) { () throws(FileError) in
            var listed = indexedScenarios()
            let isListed = listed.contains(scenarioPath)
            guard isListed || FileManager.default.fileExists(atPath: absolute(path)) else { return }
            try file.remove(absolute(path), shownPath: path)
            if isListed {
                listed.removeAll { $0 == scenarioPath }
                try writeIndex(listed)
            }
        }
    }

    private func indexedScenarios() -> [String] {
        guard let bytes = try? readBytes(artifactIndexPath),
            let document = try? JSONParser().parse(bytes: bytes, path: artifactIndexPath),
            case .array(let entries)? = document.root["artifacts"]
        else { return [] }
        return entries.compactMap { $0["scenario"]?.stringValue }.sorted()
    }

    private func writeIndex(_ scenarios: [String]) throws(FileError) {
        let entries: [JSONValue] = scenarios.map { scenario in
            var entry = JSONObject()
            entry["scenario"] = .string(scenario)
            entry["golden"] = .string(goldenPath(forScenario: scenario))
            entry["artifact"] = .string(artifactPath(forScenario: scenario))
            return .object(entry)
        }
        var index = JSONObject()
        index["artifacts"] = .array(entries)
        let text = JSONWriter(style: .timeline(arrayKeys: ["artifacts"])).string(.object(index)) + "\n"
        try file.write(Array(text.utf8), to: absolute(artifactIndexPath), shownPath: artifactIndexPath)
    }

    private func folder(_ path: String) -> String {
        path.isEmpty || path.hasSuffix("/") ? path : path + "/"
    }
}
