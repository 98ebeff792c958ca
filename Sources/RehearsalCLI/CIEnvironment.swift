import Rehearsal

/// Detects a CI environment from the variables CI services set.
enum CIEnvironment {
    /// Variables that mean "running on CI" when set to anything but empty, `0` or `false`.
    static let variables = [
        "CI", "GITHUB_ACTIONS", "BUILDKITE", "GITLAB_CI", "JENKINS_URL", "TEAMCITY_VERSION", "CIRCLECI", "TRAVIS",
        "BITBUCKET_BUILD_NUMBER", "TF_BUILD", "APPVEYOR", "CODEBUILD_BUILD_ID", "DRONE", "BUDDY", "SEMAPHORE",
    ]

    /// The first CI variable set in `environment`, or `nil` when none is.
    static func detect(in environment: [String: String]) -> String? {
        variables.first { name in
            guard let value = environment[name] else { return false }
            return !["", "0", "false", "FALSE", "False"].contains(value)
        }
    }

    /// The record mode a run uses unless told otherwise: `missing` locally, `never` under CI (`ci` is the variable
    /// that was found, or `nil`), so CI never writes a golden nobody reviewed.
    static func defaultRecordMode(ci: String?) -> RecordMode {
        ci == nil ? .missing : .never
    }
}
