import Foundation
import ScenarioJSON

/// Where golden timelines live and how they are read and written.
///
/// A golden sits beside its scenario: `Scenarios/a/b.json` → `Scenarios/a/b.timeline.json`. Its identity is the
/// scenario's path (relative to `root`). Every write is atomic (a temporary file in the same directory, flushed,
/// then renamed), so no failure ever leaves a partial golden. Actual timelines of mismatching runs are kept as
/// artifacts under `artifactsFolder`, mirroring the golden paths, for ``acceptArtifacts(_:)`` to promote later.
///
/// ```swift
/// let store = GoldenStore(root: "/path/to/project")
/// store.goldenPath(forScenario: "Scenarios/a/b.json")       // Scenarios/a/b.timeline.json
/// let golden = try store.readGolden(forScenario: "Scenarios/a/b.json")   // nil when there is none yet
/// ```
public struct GoldenStore: Sendable {
    /// The project directory scenario paths are relative to.
    public var root: String
    /// Where actual timelines of failing runs are kept, relative to `root`.
    public var artifactsFolder: String
    /// How files are written (a test hook can interrupt a write).
    var file = AtomicFile()

    /// Creates a store for the project at `root`.
    public init(root: String, artifactsFolder: String = ".rehearsal/artifacts") {
        self.root = root
        self.artifactsFolder = artifactsFolder
    }

    /// Called after a temporary file is written and flushed, before it is renamed into place; throwing simulates
    /// an interrupted write.
    package var afterTemporaryFileWritten: (@Sendable (_ temporaryPath: String) throws -> Void)? {
        get { file.afterTemporaryFileWritten }
        set { file.afterTemporaryFileWritten = newValue }
    }

    /// The golden's path for a scenario file: `Scenarios/a/b.json` → `Scenarios/a/b.timeline.json` (by bytes: the
    /// golden of a file whose name is not UTF-8 has the same bytes before its suffix).
    public func goldenPath(forScenario scenarioPath: PathName) -> PathName {
        let base = Self.normalized(scenarioPath)
        return PathName(bytes: (base.removingSuffix(".json") ?? base).bytes + Array(".timeline.json".utf8))
    }

    /// Whether the scenario has a golden timeline file (whatever it holds).
    public func hasGolden(_ scenarioPath: PathName) -> Bool {
        Self.exists(absolute(goldenPath(forScenario: scenarioPath)))
    }

    /// The golden timeline of a scenario, or `nil` when it has none yet.
    /// - Throws: ``GoldenStoreError``: `.file` when it cannot be read, `.invalidArtifact` (a `JSONError` located
    ///   in the golden file) when it is not a golden timeline.
    public func readGolden(forScenario scenarioPath: PathName) throws(GoldenStoreError) -> Timeline? {
        let path = goldenPath(forScenario: scenarioPath)
        let read: [UInt8]?
        do { read = try readBytes(path) } catch { throw .file(error) }
        guard let bytes = read else { return nil }
        do { return try Timeline(goldenBytes: bytes, path: path.description) } catch { throw .invalidArtifact(error) }
    }

    /// Writes `timeline` as the scenario's golden (its canonical text), atomically.
    /// - Throws: ``FileError`` when the file cannot be written; the old golden is then unchanged.
    public func writeGolden(_ timeline: Timeline, forScenario scenarioPath: PathName) throws(FileError) {
        let path = goldenPath(forScenario: scenarioPath)
        try file.write(Array(timeline.canonicalText.utf8), to: try goldenTarget(path), shownPath: path.description)
    }

    /// Where writing the golden at `path` (relative to `root`) lands: the file itself, or the target of the
    /// symbolic link in its place, which is written through (the link stays).
    /// - Throws: ``FileError`` when what is there is not a golden the tool may write: a folder, a device or a
    ///   pipe, or a link to a file that is not a `*.timeline.json` inside the project (a link to a scenario file
    ///   would have it overwritten).
    package func goldenTarget(_ golden: PathName) throws(FileError) -> WriteTarget {
        let path = golden.description
        let target = try WriteTarget(resolving: absolute(golden), shownPath: path)
        if target.kind == .stream {
            throw FileError(
                operation: .replace, path: path, code: 0,
                reason: "it is not a regular file (a pipe, a socket or a device)",
                hint: "replace it with the golden timeline file, or remove it to record a new one")
        }
        let projectRoot = (try? WriteTarget.resolvedPath(absolute("."), shownPath: root)) ?? root
        let isInside = { (path: String) in path.hasPrefix(projectRoot == "/" ? "/" : projectRoot + "/") }
        let inside = isInside(target.path)
        // A scenario outside the project keeps its golden beside it; a link must not lead a golden out of it.
        let leavesProject = !inside && isInside(URL(fileURLWithPath: absolute(path)).standardizedFileURL.path)
        guard !leavesProject, target.file.hasSuffix(".timeline.json") else {
            let shown = inside ? String(target.path.dropFirst(projectRoot.count + 1)) : target.path
            throw FileError(
                operation: .replace, path: path, code: 0,
                reason: "it is a symbolic link to \(shown), which is not a golden timeline "
                    + (inside ? "(*.timeline.json)" : "inside the project"),
                hint: "remove the link; goldens are written only to *.timeline.json files inside the project")
        }
        return target
    }

    /// Every golden file (`*.timeline.json`) under `folder`, relative to `root`, sorted (kept artifacts excluded),
    /// named by their bytes.
    public func goldenFiles(under folder: PathName = PathName(ScenarioLoader.defaultScenariosFolder)) -> [PathName] {
        let artifacts = Self.normalized(
            PathName(artifactsFolder.hasSuffix("/") ? artifactsFolder : artifactsFolder + "/"))
        // A folder with a golden's name is listed too: whoever removes goldens must see it to keep it.
        let walked = DirectoryWalk.files(under: absolute(folder))
        let found = (walked.files + walked.folders).map { Self.normalized(folder.appending($0)) }
        return found.filter { $0.hasSuffix(".timeline.json") && !$0.bytes.starts(with: artifacts.bytes) }.sorted()
    }

    /// A scenario path without a leading `./`, so that `./Scenarios/a.json` and `Scenarios/a.json` are one scenario.
    static func normalized(_ path: PathName) -> PathName {
        var path = path
        while let rest = path.removingPrefix("./") { path = rest }
        return path
    }

    /// The file's bytes, or `nil` when it does not exist. A folder, a pipe or a device in the file's place is an
    /// error (reading a pipe would wait forever).
    func readBytes(_ file: PathName) throws(FileError) -> [UInt8]? {
        let path = file.description
        do {
            return try FileBytes.read(absolute(file))
        } catch {
            switch error {
            case .missing: return nil
            case .folder:
                throw FileError(operation: .read, path: path, code: EISDIR, reason: "it is a folder, not a file")
            case .notRegular:
                throw FileError(
                    operation: .read, path: path, code: 0,
                    reason: "it is not a regular file (a pipe, a socket or a device)",
                    hint: "replace it with the golden timeline file, or remove it to record a new one")
            case .system(let code):
                throw FileError(operation: .read, path: path, code: code, reason: String(cString: strerror(code)))
            }
        }
    }

    /// Runs `body` holding the project's lock: an exclusive `flock` on the root folder itself, shared by every
    /// process that keeps artifacts in this project (so two concurrent runs never lose an index entry). No lock
    /// file is created, so none is left behind when a process is killed; the kernel releases the lock then.
    package func withProjectLock<T, E: Error>(lockFailed: (FileError) -> E, _ body: () throws(E) -> T) throws(E) -> T {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw lockFailed(FileError.fromErrno(.lock, root)) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw lockFailed(FileError.fromErrno(.lock, root)) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// `path` resolved against `root` (absolute paths stay as they are).
    package func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return root.hasSuffix("/") ? root + path : root + "/" + path
    }

    /// `path`, named by its bytes, resolved against `root` (absolute paths stay as they are).
    package func absolute(_ path: PathName) -> PathName {
        path.isAbsolute ? path : PathName(root).appending(path)
    }
}
