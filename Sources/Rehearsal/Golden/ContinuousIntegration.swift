/// Whether a run happens on CI, and what said so: a CI service's variable, or `--ci`. On CI nothing is recorded by
/// default, a recorded golden fails the run (nobody reviewed it), and hints say how to update goldens locally.
///
/// ```swift
/// ContinuousIntegration(environment: ["GITHUB_ACTIONS": "true"])   // .detected(by: "GITHUB_ACTIONS")
/// ContinuousIntegration(environment: ["CI": "false"])              // .local
/// ```
public enum ContinuousIntegration: Equatable, Sendable {
    /// Not on CI.
    case local
    /// On CI, as `variable` (or the `--ci` flag) says.
    case detected(by: String)

    /// Variables that mean "running on CI" when set to anything but empty, `0` or `false`.
    public static let variables = [
        "CI", "GITHUB_ACTIONS", "BUILDKITE", "GITLAB_CI", "JENKINS_URL", "TEAMCITY_VERSION", "CIRCLECI", "TRAVIS",
        "BITBUCKET_BUILD_NUMBER", "TF_BUILD", "APPVEYOR", "CODEBUILD_BUILD_ID", "DRONE", "BUDDY", "SEMAPHORE",
    ]

    /// Detected from the first CI variable set in `environment`.
    public init(environment: [String: String]) {
        let found = Self.variables.first { name in
            guard let value = environment[name] else { return false }
            return !["", "0", "false", "FALSE", "False"].contains(value)
        }
        self = found.map { .detected(by: $0) } ?? .local
    }

    /// Whether this is CI.
    public var isCI: Bool { self != .local }

    /// What said so (`CI`, `GITHUB_ACTIONS`, `--ci`), `nil` off CI.
    public var detectedBy: String? {
        if case .detected(let what) = self { return what }
        return nil
    }

    /// The record mode a run uses unless told otherwise: `missing` locally, `never` on CI, so CI never writes a
    /// golden nobody reviewed.
    public var defaultRecordMode: RecordMode { isCI ? .never : .missing }
}

extension RecordAdvice {
    /// Advice for `tool`, its hints read on CI when `ci` says so.
    public init(tool: Tool, ci: ContinuousIntegration) {
        self.init(tool: tool, ci: ci.isCI)
    }
}
