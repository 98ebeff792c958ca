import CombineCompat
import Foundation
import ScenarioJSON

extension GoldenStore {
    /// Where the actual timeline of a failing scenario is kept: `artifactsFolder` + the golden's path
    /// (`.rehearsal/artifacts/Scenarios/a/b.timeline.json`).
    public func artifactPath(forScenario scenarioPath: PathName) -> PathName {
        var golden = goldenPath(forScenario: scenarioPath)
        while let rest = golden.removingPrefix("/") { golden = rest }
        return PathName(folder(artifactsFolder)).appending(golden)
    }

    /// The index of kept artifacts (`.rehearsal/artifacts/index.json`): which scenario each artifact belongs to.
    public var artifactIndexPath: String { folder(artifactsFolder) + "index.json" }

    /// Keeps `timeline` as the actual timeline of a scenario whose golden it did not match, and lists it in the
    /// index, both atomically, holding the project's lock (so concurrent runs lose no index entry).
    /// - Throws: ``FileError`` when a file cannot be written.
    ///
    /// The index entry names the scenario the timeline is of and a digest of the scenario file as it is now, so
    /// that ``acceptArtifacts(_:)`` can refuse a kept timeline that belongs to another scenario or to an older
    /// version of the file.
    public func writeArtifact(_ timeline: Timeline, forScenario scenarioPath: PathName) throws(FileError) {
        let scenarioPath = Self.normalized(scenarioPath)
        let path = artifactPath(forScenario: scenarioPath)
        try file.write(
            Array(timeline.canonicalText.utf8),
            to: try WriteTarget(resolving: absolute(path), shownPath: path.description),
            shownPath: path.description)
        let entry = ArtifactEntry(
            scenario: scenarioPath, name: timeline.scenario, scenarioDigest: scenarioDigest(scenarioPath))
        try withProjectLock(lockFailed: { $0 }) { () throws(FileError) in
            var entries = indexEntries()
            guard !entries.contains(entry) else { return }
            entries.removeAll { $0.scenario == scenarioPath }
            entries.append(entry)
            try writeIndex(entries)
        }
    }

    /// The scenario paths that have a kept artifact, sorted.
    public func artifacts() -> [PathName] {
        indexEntries().map(\.scenario).filter { Self.exists(absolute(artifactPath(forScenario: $0))) }
    }

    /// Whether something is at `path`.
    static func exists(_ path: PathName) -> Bool {
        var status = stat()
        return path.withCString { lstat($0, &status) } == 0
    }

    /// One scenario's line in the index of kept artifacts.
    struct ArtifactEntry: Equatable {
        /// The scenario file, relative to the root.
        var scenario: PathName
        /// The scenario the kept timeline is of (its `"scenario"`).
        var name: String?
        /// ``scenarioDigest(_:)`` of the scenario file when the timeline was kept.
        var scenarioDigest: String?
    }

    /// A digest of the scenario file's bytes (16 hexadecimal digits of FNV-1a), `nil` when it cannot be read.
    func scenarioDigest(_ scenarioPath: PathName) -> String? {
        guard let bytes = try? readBytes(scenarioPath) else { return nil }
        let digits = String(FNV1a.hash64(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
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
    public func acceptArtifacts(_ scenarioPaths: [PathName]? = nil) throws(GoldenStoreError) -> [PathName] {
        try withProjectLock(lockFailed: { .file($0) }) { () throws(GoldenStoreError) in
            try acceptUnlocked(scenarioPaths)
        }
    }

    private func acceptUnlocked(_ scenarioPaths: [PathName]?) throws(GoldenStoreError) -> [PathName] {
        let wanted = scenarioPaths?.map(Self.normalized) ?? artifacts()
        let entries = indexEntries()
        var targets: [WriteTarget] = []
        for scenario in wanted {
            try checkAcceptable(scenario, entry: entries.first { $0.scenario == scenario })
            do { targets.append(try goldenTarget(goldenPath(forScenario: scenario))) } catch { throw .file(error) }
        }
        var accepted: [PathName] = []
        var remaining = entries
        for (scenario, target) in zip(wanted, targets) {
            let golden = goldenPath(forScenario: scenario)
            do {
                try file.move(
                    absolute(artifactPath(forScenario: scenario)), to: target, shownPath: golden.description)
            } catch {
                // The index only lists; artifacts() skips entries whose file is gone, so a stale index is harmless.
                if !accepted.isEmpty { try? writeIndex(remaining) }
                throw .file(error)
            }
            accepted.append(golden)
            remaining.removeAll { $0.scenario == scenario }
        }
        if !accepted.isEmpty {
            do { try writeIndex(remaining) } catch { throw .file(error) }
        }
        return accepted
    }

    /// Checks that the kept timeline of `scenario` may become its golden: it exists and is a timeline, a run kept
    /// it (the index lists it), it is of this scenario, and the scenario file still exists, unchanged since.
    private func checkAcceptable(_ file: PathName, entry: ArtifactEntry?) throws(GoldenStoreError) {
        let artifact = artifactPath(forScenario: file)
        let (scenario, path) = (file.description, artifact.description)
        let read: [UInt8]?
        do { read = try readBytes(artifact) } catch { throw .file(error) }
        guard let bytes = read else { throw .noArtifact(scenario: scenario, path: path, folder: artifactsFolder) }
        let timeline: Timeline
        do { timeline = try Timeline(goldenBytes: bytes, path: path) } catch { throw .invalidArtifact(error) }
        guard let entry, let name = entry.name else {
            throw .unrelatedArtifact(
                scenario: scenario, path: path, reason: "the index of kept timelines does not list it with its scenario"
            )
        }
        guard timeline.scenario == name else {
            throw .unrelatedArtifact(
                scenario: scenario, path: path,
                reason: "it is the timeline of scenario '\(timeline.scenario)', not of '\(name)'")
        }
        guard let current = scenarioDigest(file) else { throw .scenarioMissing(scenario: scenario, path: path) }
        guard current == entry.scenarioDigest else { throw .staleArtifact(scenario: scenario, path: path) }
    }

    /// Drops the kept artifact of a scenario (when its run passed or recorded its golden, the artifact is stale and
    /// must not be accepted later). Does nothing when there is none.
    /// - Throws: ``FileError`` when a file cannot be removed or the index cannot be written.
    public func removeArtifact(forScenario scenarioPath: PathName) throws(FileError) {
        let scenarioPath = Self.normalized(scenarioPath)
        let path = artifactPath(forScenario: scenarioPath)
        // Most runs pass and have nothing kept: look before taking the lock.
        guard Self.exists(absolute(path)) || indexEntries().contains(where: { $0.scenario == scenarioPath }) else {
            return
        }
        try withProjectLock(lockFailed: { $0 }) { () throws(FileError) in
            var entries = indexEntries()
            let isListed = entries.contains { $0.scenario == scenarioPath }
            guard isListed || Self.exists(absolute(path)) else { return }
            try file.remove(absolute(path), shownPath: path.description)
            if isListed {
                entries.removeAll { $0.scenario == scenarioPath }
                try writeIndex(entries)
            }
        }
    }

    /// The index's entries, sorted by scenario path (an index that cannot be read lists nothing).
    private func indexEntries() -> [ArtifactEntry] {
        guard let bytes = try? readBytes(PathName(artifactIndexPath)),
            let document = try? JSONParser().parse(bytes: bytes, path: artifactIndexPath),
            case .array(let entries)? = document.root["artifacts"]
        else { return [] }
        return entries.compactMap { entry in
            // A path is a string, or the bytes of one that is not UTF-8 (see PathName's Codable form).
            entry["scenario"].flatMap { try? JSONValueDecoder().decode(PathName.self, from: $0) }.map {
                ArtifactEntry(
                    scenario: $0, name: entry["name"]?.stringValue,
                    scenarioDigest: entry["scenarioDigest"]?.stringValue)
            }
        }
        .sorted { $0.scenario < $1.scenario }
    }

    private func writeIndex(_ listed: [ArtifactEntry]) throws(FileError) {
        let path = { (path: PathName) in (try? JSONValueEncoder().encode(path)) ?? .string(path.description) }
        let entries: [JSONValue] = listed.sorted { $0.scenario < $1.scenario }.map { listed in
            var entry = JSONObject()
            entry["scenario"] = path(listed.scenario)
            entry["golden"] = path(goldenPath(forScenario: listed.scenario))
            entry["artifact"] = path(artifactPath(forScenario: listed.scenario))
            if let name = listed.name { entry["name"] = .string(name) }
            if let digest = listed.scenarioDigest { entry["scenarioDigest"] = .string(digest) }
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
