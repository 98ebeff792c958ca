import RehearsalCLI

/// Why scenarios could not be checked at all: reported at the test that asked, not at a scenario.
struct ScenarioTestingError: Error, Hashable, Codable, Sendable, CustomStringConvertible {
    /// What is wrong.
    var message: String
    /// What to do, starting with a verb.
    var hint: String

    /// `error: …` and the hint, in the house format.
    var description: String { "error: \(message)\n  hint: \(hint)" }

    /// The message and the hint without `error:`, for a framework that prints the place and the severity itself
    /// (XCTest: `file:line: error: Suite.test : invalid value 'faild' …`).
    var unlocatedText: String { "\(message)\n  hint: \(hint)" }

    /// `REHEARSAL_RECORD` is set to something that is not a record mode.
    static func invalidRecordMode(_ error: RecordSetting.InvalidValue) -> ScenarioTestingError {
        ScenarioTestingError(message: error.message, hint: error.hint)
    }

    /// No scenario file at `path` (relative to the root): a test generated for a file that was removed or renamed
    /// since SwiftPM last planned a build, or a path that names no file.
    static func noScenarioFile(_ path: String) -> ScenarioTestingError {
        ScenarioTestingError(
            message: "no scenario file at \(path)",
            hint: "if the test was generated for a file removed or renamed since, run 'swift build --build-tests', "
                + "then 'swift test', to generate the tests of the files there are now; else check the path")
    }

    /// Neither a catalog nor an executable was given.
    static let nothingToRun = ScenarioTestingError(
        message: "ScenarioTesting has no catalog and no executable to run scenarios with",
        hint: "give ScenarioTesting(catalog:) your catalog, or executable: the name of your catalog executable")

    /// ``ScenarioTesting/Execution/inProcess`` without a catalog.
    static let inProcessNeedsCatalog = ScenarioTestingError(
        message: "execution: .inProcess needs a catalog", hint: "give ScenarioTesting(catalog:) your catalog")

    /// ``ScenarioTesting/Execution/workers`` without an executable.
    static let workersNeedExecutable = ScenarioTestingError(
        message: "execution: .workers needs the catalog executable",
        hint: "give ScenarioTesting(executable:) the name of your catalog executable")

    /// The executable is not among the build products beside the test binary.
    static func executableNotFound(_ name: String, searched: [String]) -> ScenarioTestingError {
        ScenarioTestingError(
            message: "no executable '\(name)' beside the test binary (looked in \(searched.joined(separator: ", ")))",
            hint: "add .target(name: \"\(name)\") to the test target's dependencies, so that SwiftPM builds it "
                + "with the tests")
    }

    /// No scenario file under a folder: a check of nothing must not pass.
    static func noScenarios(in folder: String, root: String) -> ScenarioTestingError {
        ScenarioTestingError(
            message: "no scenario files under '\(folder)' (in \(root))",
            hint: "check the folder name; it is relative to the package root")
    }

    /// A worker process could not be started.
    static func cannotStartWorker(_ error: any Error) -> ScenarioTestingError {
        ScenarioTestingError(
            message: "cannot start a worker process: \(error)",
            hint: "check that the catalog executable builds and runs: swift run <executable> list")
    }
}
