import Foundation

/// A team's package (`Fixtures/ScenarioPackage`: a ViewModel, its catalog, the catalog executable, an XCTest and a
/// Swift Testing target) copied to `.build/rehearsal-testing-e2e/ScenarioPackage` in this package and built there,
/// depending on this package by path.
///
/// The copy's place never changes, so its own `.build` is reused between test runs: only what changed since the
/// last run is rebuilt. Copying rewrites only files whose bytes differ, so unchanged sources keep their times.
struct FixturePackage: Sendable {
    /// What a command printed and how it exited.
    struct Outcome: CustomStringConvertible {
        var status: Int32
        var output: String

        var description: String { "status \(status)\n\(output)" }
    }

    /// This package's root.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The checked-in fixture.
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ScenarioPackage")
    /// Where it is copied and built.
    static let workspace = packageRoot.appendingPathComponent(".build/rehearsal-testing-e2e")

    /// The copy.
    let directory: URL

    /// The copy, reset to the fixture and built (once per process; a build failure fails every test that needs it).
    static func built() throws -> FixturePackage {
        try shared.get()
    }

    private static let shared = Result { () throws -> FixturePackage in
        let package = FixturePackage(directory: workspace.appendingPathComponent("ScenarioPackage"))
        try package.withLock {
            try package.reset()
            var build = try package.swift(["build", "--build-tests"])
            if build.status != 0 {
                // SwiftPM keeps the build plan of a path dependency whose files were removed since the last build
                // ("missing inputs"); without it, the next build plans again.
                try? FileManager.default.removeItem(at: package.directory.appendingPathComponent(".build/debug.yaml"))
                build = try package.swift(["build", "--build-tests"])
            }
            guard build.status == 0 else { throw FixtureError("the fixture package did not build:\n\(build)") }
        }
        return package
    }

    /// Makes the copy the fixture again: sources, scenarios and goldens as checked in, no `.rehearsal`.
    func reset() throws {
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let wanted = Set(Self.files(under: Self.source))
        for relative in wanted {
            let bytes = try Data(contentsOf: Self.source.appendingPathComponent(relative))
            let target = directory.appendingPathComponent(relative)
            guard (try? Data(contentsOf: target)) != bytes else { continue }
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: target)
        }
        for relative in Self.files(under: directory) where !wanted.contains(relative) {
            try manager.removeItem(at: directory.appendingPathComponent(relative))
        }
        try? manager.removeItem(at: directory.appendingPathComponent(".rehearsal"))
    }

    /// Runs `swift <arguments>` in the copy with a CI-free environment plus `environment`; output is stdout and
    /// stderr together.
    func swift(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        try launch(URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments, environment: environment)
    }

    /// Runs the copy's built catalog executable (`greeting-rehearsal`) with `arguments`, as `swift run --skip-build`
    /// would, without SwiftPM's start-up.
    func rehearsal(_ arguments: [String]) throws -> Outcome {
        try launch(directory.appendingPathComponent(".build/debug/greeting-rehearsal"), arguments, environment: [:])
    }

    private func launch(_ executable: URL, _ arguments: [String], environment: [String: String]) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var base = ProcessInfo.processInfo.environment.filter {
            !Self.ciVariables.contains($0.key) && !$0.key.hasPrefix("REHEARSAL_")
        }
        base["NO_COLOR"] = "1"
        process.environment = base.merging(environment) { $1 }
        let log = Self.workspace.appendingPathComponent("output-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        if ended.wait(timeout: .now() + .seconds(Self.timeoutSeconds)) == .timedOut {
            process.terminate()
            ended.wait()
            try handle.close()
            throw FixtureError("\(arguments.joined(separator: " ")) ran past \(Self.timeoutSeconds)s")
        }
        try handle.close()
        return Outcome(status: process.terminationStatus, output: try String(contentsOf: log, encoding: .utf8))
    }

    /// Runs `body` holding the workspace's lock, so test processes running at once take turns on the copy.
    func withLock<T>(_ body: () throws -> T) throws -> T {
        try FileManager.default.createDirectory(at: Self.workspace, withIntermediateDirectories: true)
        let descriptor = open(Self.workspace.appendingPathComponent("lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FixtureError("cannot open the workspace lock") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The text of a file of the copy.
    func read(_ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    /// Writes a file of the copy.
    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(path))
    }

    /// Removes a file of the copy.
    func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: directory.appendingPathComponent(path))
    }

    /// Whether the copy has the file or folder.
    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path)
    }

    /// The text of a file of the checked-in fixture.
    static func fixtureText(_ path: String) throws -> String {
        try String(contentsOf: source.appendingPathComponent(path), encoding: .utf8)
    }

    /// The 1-based line of the first line of the fixture's `path` that contains `text`.
    static func line(of text: String, in path: String) throws -> Int {
        try location(of: text, in: path).line
    }

    /// The 1-based line of the first line of fixture file `path` that contains `text`, and the column where that
    /// line's text starts (a step's `{`).
    static func location(of text: String, in path: String) throws -> (line: Int, column: Int) {
        let lines = try fixtureText(path).split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0.contains(text) }) else {
            throw FixtureError("no line of \(path) contains \(text)")
        }
        return (index + 1, lines[index].prefix { $0 == " " }.count + 1)
    }

    /// The regular files under `root`, relative to it, without the build folders SwiftPM keeps there.
    private static func files(under root: URL) -> [String] {
        let entries = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return entries.filter { entry in
            let top = entry.split(separator: "/").first.map(String.init) ?? entry
            guard ![".build", ".swiftpm", "Package.resolved", ".rehearsal"].contains(top) else { return false }
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: root.appendingPathComponent(entry).path, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue
        }
    }

    static let timeoutSeconds = 900

    static let ciVariables: Set<String> = [
        "CI", "GITHUB_ACTIONS", "BUILDKITE", "GITLAB_CI", "JENKINS_URL", "TEAMCITY_VERSION", "CIRCLECI", "TRAVIS",
        "BITBUCKET_BUILD_NUMBER", "TF_BUILD", "APPVEYOR", "CODEBUILD_BUILD_ID", "DRONE", "BUDDY", "SEMAPHORE",
        "GITHUB_STEP_SUMMARY",
    ]
}

/// A fixture that could not be prepared or a command that did not finish.
struct FixtureError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
