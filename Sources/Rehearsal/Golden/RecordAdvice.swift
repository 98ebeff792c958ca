import ScenarioJSON

/// How a team updates goldens, so that hints name its own command and fit where they are read: locally they say
/// what to run next; on CI, where nothing is recorded, they say how to update the goldens locally.
///
/// ```swift
/// let advice = RecordAdvice(tool: .commandLine("store-rehearsal"), ci: true)
/// advice.toRecord("Scenarios/a.json")
/// // "record it locally with 'store-rehearsal record Scenarios/a.json' (CI records nothing), review it and commit it"
/// ```
public struct RecordAdvice: Codable, Equatable, Sendable {
    /// How goldens are written.
    public enum Tool: Codable, Equatable, Sendable {
        /// A Rehearsal executable, by the name it was invoked as (`rehearsal`, `store-rehearsal`).
        case commandLine(String)
        /// `swift test`, with `REHEARSAL_RECORD`.
        case swiftTest
    }

    /// How goldens are written.
    public var tool: Tool
    /// Whether the hints are read on CI.
    public var ci: Bool

    /// Creates advice.
    public init(tool: Tool = .commandLine("rehearsal"), ci: Bool = false) {
        self.tool = tool
        self.ci = ci
    }

    /// The command that records the golden of `path` (`store-rehearsal record Scenarios/a.json`).
    public func recordCommand(_ path: String, mode: RecordMode = .all) -> String {
        recordCommand(PathName(path), mode: mode)
    }

    /// The command that records the golden of `path`, named by its bytes (a name that is not UTF-8 is quoted so a
    /// shell reads back its bytes, see `PathName.shellArgument`).
    public func recordCommand(_ file: PathName, mode: RecordMode = .all) -> String {
        let path = file.shellArgument
        switch tool {
        case .commandLine(let executable):
            return mode == .all
                ? "\(executable) record \(path)" : "\(executable) run --record \(mode.rawValue) \(path)"
        case .swiftTest:
            return "REHEARSAL_RECORD=\(mode.rawValue) swift test"
        }
    }

    /// `tool`'s command for the rest of a line (`store-rehearsal migrate`); under `swift test`, the package's
    /// plugin command (`swift package --allow-writing-to-package-directory rehearsal explore …`), which runs its
    /// catalog executable whatever its name, with the permission flag SwiftPM asks of the plugin.
    public func command(_ arguments: String) -> String {
        switch tool {
        case .commandLine(let executable): "\(executable) \(arguments)"
        case .swiftTest: "swift package --allow-writing-to-package-directory rehearsal \(arguments)"
        }
    }

    /// The hint for a scenario without a golden.
    func toRecord(_ path: PathName) -> String {
        let record = recordCommand(path, mode: tool == .swiftTest ? .missing : .all)
        return ci
            ? "record it locally with '\(record)' (CI records nothing), review it and commit it"
            : "record it with '\(record)', review it and commit it"
    }

    /// The hint for a golden the run differs from; `artifact` is where the run's timeline was kept, if it was. Both
    /// ways out: the difference may be a regression in the ViewModel, or a change to keep.
    func toUpdate(_ path: PathName, artifact: PathName?) -> String {
        let record = recordCommand(path, mode: .failed)
        let fix = "fix the ViewModel if the difference is a regression; if it is intended, "
        if ci {
            return fix + "update the golden locally with '\(record)', review it and commit it"
        }
        if let artifact, case .commandLine = tool {
            return fix
                + "run '\(command("accept \(path.shellArgument)"))' (the run's timeline is kept at \(artifact)), "
                + "or '\(record)'"
        }
        return fix + "run '\(record)', review the golden and commit it"
    }

    /// How each hint about a run that is not reproducible ends (`then record again`).
    var thenRecord: String {
        ci ? "record the golden again locally" : "record again"
    }
}
