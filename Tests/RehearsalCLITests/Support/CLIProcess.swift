import Foundation

@testable import RehearsalCLI

/// Runs the built `rehearsal` (or `rehearsal-fixtures`) executable in a copy of a fixture folder.
struct CLIProcess: Sendable {
    /// What a run printed and how it exited.
    struct Outcome: Equatable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String

        var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }

        /// stdout with wall times (`in 0.42s`) replaced by `in <time>`, so whole outputs can be compared.
        var normalizedStdout: String { Self.normalize(stdout) }

        static func normalize(_ text: String) -> String {
            text.replacingOccurrences(of: #"in [0-9]+\.[0-9]+s"#, with: "in <time>", options: .regularExpression)
        }
    }

    /// The folder the copy lives in (a fresh temporary folder).
    let directory: URL
    var executable = "rehearsal"

    /// Copies `Fixtures/<fixture>` to a fresh temporary folder.
    init(fixture: String, executable: String = "rehearsal") throws {
        let source = Self.fixtures.appendingPathComponent(fixture)
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("rehearsal-cli-\(fixture)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: directory)
        self.executable = executable
    }

    /// Runs in an existing folder.
    init(directory: URL, executable: String = "rehearsal") {
        self.directory = directory
        self.executable = executable
    }

    /// Runs the executable (or the program at `executablePath`) with `arguments` in the folder; `environment` adds
    /// to a CI-free environment.
    func run(_ arguments: [String], environment: [String: String] = [:], executablePath: String? = nil) throws
        -> Outcome
    {
        try start(arguments, environment: environment, executablePath: executablePath).finish()
    }

    /// A started run, to signal and wait for.
    final class Running {
        let process: Process
        private let stdout: (handle: FileHandle, url: URL)
        private let stderr: (handle: FileHandle, url: URL)
        private let exited = DispatchSemaphore(value: 0)

        fileprivate init(process: Process, stdout: (FileHandle, URL), stderr: (FileHandle, URL)) throws {
            self.process = process
            self.stdout = stdout
            self.stderr = stderr
            let exited = self.exited
            process.terminationHandler = { _ in exited.signal() }
            try process.run()
        }

        /// The process's id.
        var pid: Int32 { process.processIdentifier }

        /// Waits for the process to exit (at most `timeout` seconds) and returns what it printed; `nil` when it is
        /// still running then.
        func wait(timeout: TimeInterval) throws -> Outcome? {
            guard exited.wait(timeout: .now() + timeout) == .success else { return nil }
            return try collect()
        }

        /// Waits for the process to exit, however long it takes.
        func finish() throws -> Outcome {
            exited.wait()
            return try collect()
        }

        private func collect() throws -> Outcome {
            process.waitUntilExit()
            try stdout.handle.close()
            try stderr.handle.close()
            defer {
                try? FileManager.default.removeItem(at: stdout.url)
                try? FileManager.default.removeItem(at: stderr.url)
            }
            return Outcome(
                status: process.terminationStatus, stdout: try String(contentsOf: stdout.url, encoding: .utf8),
                stderr: try String(contentsOf: stderr.url, encoding: .utf8))
        }
    }

    /// Starts the executable (or the program at `executablePath`) with `arguments` in the folder without waiting
    /// for it.
    func start(_ arguments: [String], environment: [String: String] = [:], executablePath: String? = nil) throws
        -> Running
    {
        let process = Process()
        process.executableURL =
            executablePath.map { URL(fileURLWithPath: $0) } ?? Self.buildDirectory.appendingPathComponent(executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var base = ProcessInfo.processInfo.environment.filter { !Self.ciVariables.contains($0.key) }
        base["NO_COLOR"] = "1"
        process.environment = base.merging(environment) { $1 }
        let stdoutURL = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let stderrURL = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdout = try FileHandle(forWritingTo: stdoutURL)
        let stderr = try FileHandle(forWritingTo: stderrURL)
        process.standardOutput = stdout
        process.standardError = stderr
        return try Running(process: process, stdout: (stdout, stdoutURL), stderr: (stderr, stderrURL))
    }

    /// The JSON results a run wrote (`--reporter json:PATH`), read back into the typed model.
    func results(_ path: String) throws -> RunResults {
        try RunResults.read(Array(try read(path).utf8), path: path)
    }

    /// The text of a file in the folder.
    func read(_ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    /// Writes a file in the folder, creating folders as needed.
    func write(_ path: String, _ text: String) throws {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path)
    }

    static let ciVariables: Set<String> = [
        "CI", "GITHUB_ACTIONS", "BUILDKITE", "GITLAB_CI", "JENKINS_URL", "TEAMCITY_VERSION", "CIRCLECI", "TRAVIS",
        "BITBUCKET_BUILD_NUMBER", "TF_BUILD", "APPVEYOR", "CODEBUILD_BUILD_ID", "DRONE", "BUDDY", "SEMAPHORE",
        "GITHUB_STEP_SUMMARY",
    ]

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// `.build/debug` (or wherever the test bundle was built): the executables sit beside it.
    static let buildDirectory: URL = {
        let bundle = Bundle.main.bundleURL
        if FileManager.default.fileExists(atPath: bundle.appendingPathComponent("rehearsal").path) { return bundle }
        let beside = Bundle.main.executableURL?.deletingLastPathComponent() ?? bundle
        if FileManager.default.fileExists(atPath: beside.appendingPathComponent("rehearsal").path) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug")
    }()
}
