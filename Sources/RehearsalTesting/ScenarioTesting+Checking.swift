import Foundation
import Rehearsal
import RehearsalCLI

extension ScenarioTesting {
    /// Where the scenarios of one check run.
    enum Placement {
        case inProcess(Catalog)
        case workers(URL)
    }

    /// Checks `paths` (relative to `root`) on the calling thread, which blocks until every scenario ended; returns
    /// one report per path, in order.
    /// - Throws: ``ScenarioTestingError`` when nothing can run them (no catalog usable here, no executable found,
    ///   an invalid `REHEARSAL_RECORD`).
    func check(_ paths: [String], root: String) throws(ScenarioTestingError) -> [ScenarioCheck.Report] {
        try Self.requireFiles(paths, root: root)
        let check = try scenarioCheck(root: root)
        switch try placement {
        case .inProcess(let catalog):
            return paths.map { check.run($0, catalog: catalog) }
        case .workers(let executable):
            do {
                return try check.run(paths, executable: executable, jobs: jobs, timeout: timeoutSeconds)
            } catch {
                throw .cannotStartWorker(error)
            }
        }
    }

    /// Checks `paths` from an asynchronous test (a Swift Testing test body): the blocking work runs on a thread of
    /// its own, so the test runner's threads stay free while a scenario waits its turn or workers run.
    func checkAsynchronously(_ paths: [String], root: String) async throws(ScenarioTestingError)
        -> [ScenarioCheck.Report]
    {
        try Self.requireFiles(paths, root: root)
        let check = try scenarioCheck(root: root)
        let placement = try placement
        let jobs = jobs
        let timeout = timeoutSeconds
        let outcome: Result<[ScenarioCheck.Report], ScenarioTestingError> = await withCheckedContinuation {
            continuation in
            let thread = Thread {
                switch placement {
                case .inProcess(let catalog):
                    continuation.resume(returning: .success(paths.map { check.run($0, catalog: catalog) }))
                case .workers(let executable):
                    do {
                        let reports = try check.run(paths, executable: executable, jobs: jobs, timeout: timeout)
                        continuation.resume(returning: .success(reports))
                    } catch {
                        continuation.resume(returning: .failure(.cannotStartWorker(error)))
                    }
                }
            }
            thread.start()
        }
        return try outcome.get()
    }

    /// Throws ``ScenarioTestingError/noScenarioFile(_:)`` for the first of `paths` that names no file under `root`
    /// (a generated test whose scenario was removed), instead of the loader's unreadable-file error.
    private static func requireFiles(_ paths: [String], root: String) throws(ScenarioTestingError) {
        let base = root.hasSuffix("/") ? root : root + "/"
        if let gone = paths.first(where: { !FileManager.default.fileExists(atPath: $0.hasPrefix("/") ? $0 : base + $0) }
        ) {
            throw .noScenarioFile(gone)
        }
    }

    /// The check of one call: the record mode read from the environment now.
    private func scenarioCheck(root: String) throws(ScenarioTestingError) -> ScenarioCheck {
        do {
            return ScenarioCheck(root: root, record: try RecordSetting(environment: environment), runs: runs)
        } catch {
            throw .invalidRecordMode(error)
        }
    }

    /// Where scenarios run: in this process whenever a catalog is given (a scenario runs on the thread that runs
    /// it, the main thread or not, one at a time per process), else in workers of the executable.
    var placement: Placement {
        get throws(ScenarioTestingError) {
            switch execution {
            case .inProcess:
                guard let catalog else { throw .inProcessNeedsCatalog }
                return .inProcess(catalog)
            case .workers:
                guard let executable else { throw .workersNeedExecutable }
                return .workers(try Self.locate(executable))
            case .automatic:
                if let catalog { return .inProcess(catalog) }
                guard let executable else { throw .nothingToRun }
                return .workers(try Self.locate(executable))
            }
        }
    }

    private var timeoutSeconds: TimeInterval {
        let (seconds, attoseconds) = timeout.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// The build product `name` beside the running test binary (SwiftPM puts a test target's executable
    /// dependencies there).
    static func locate(_ name: String) throws(ScenarioTestingError) -> URL {
        var folders: [URL] = []
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: path).deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        var seen: Set<String> = []
        for folder in folders where seen.insert(folder.standardizedFileURL.path).inserted {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw .executableNotFound(name, searched: Array(seen))
    }
}
