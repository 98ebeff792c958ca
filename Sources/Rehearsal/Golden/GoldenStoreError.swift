import ScenarioJSON

/// Why accepting kept timelines failed: a file operation, an artifact that is not a timeline, or nothing to accept.
public enum GoldenStoreError: Error, Equatable, Sendable, CustomStringConvertible, DiagnosticConvertible {
    /// A file could not be read, written, moved or locked.
    case file(FileError)
    /// A kept artifact is not a valid timeline.
    case invalidArtifact(JSONError)
    /// There is no kept timeline for the scenario.
    case noArtifact(scenario: String, path: String, folder: String)
    /// The kept timeline is not one a run kept for this scenario (another scenario's, or a file put there by hand).
    case unrelatedArtifact(scenario: String, path: String, reason: String)
    /// The scenario file of a kept timeline no longer exists.
    case scenarioMissing(scenario: String, path: String)
    /// The scenario file changed since its timeline was kept.
    case staleArtifact(scenario: String, path: String)

    /// The error for people.
    public var diagnostic: Diagnostic {
        switch self {
        case .file(let error): return error.diagnostic
        case .invalidArtifact(let error): return error.diagnostic
        case .noArtifact(let scenario, let path, let folder):
            return Diagnostic(
                .error, location: SourceLocation(path: path), message: "no kept timeline to accept for \(scenario)",
                hint: "run the scenario first: a run whose timeline differs from its golden keeps it in \(folder)")
        case .unrelatedArtifact(let scenario, let path, let reason):
            return Diagnostic(
                .error, location: SourceLocation(path: path),
                message: "the kept timeline is not one a run kept for \(scenario): \(reason)",
                hint: "run the scenario again to keep its own timeline, then accept it")
        case .scenarioMissing(let scenario, let path):
            return Diagnostic(
                .error, location: SourceLocation(path: path),
                message: "the scenario file \(scenario) of this kept timeline no longer exists",
                hint: "restore the scenario file, or remove the kept timeline")
        case .staleArtifact(let scenario, let path):
            return Diagnostic(
                .error, location: SourceLocation(path: path),
                message: "\(scenario) changed since this timeline was kept, so it may not be the timeline of the "
                    + "scenario as it is now",
                hint: "run the scenario again, review the difference, then accept it")
        }
    }

    /// The rendered diagnostic.
    public var description: String { diagnostic.description }
}
