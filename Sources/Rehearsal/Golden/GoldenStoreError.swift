import ScenarioJSON

/// Why accepting kept timelines failed: a file operation, an artifact that is not a timeline, or nothing to accept.
public enum GoldenStoreError: Error, Equatable, Sendable, CustomStringConvertible, DiagnosticConvertible {
    /// A file could not be read, written, moved or locked.
    case file(FileError)
    /// A kept artifact is not a valid timeline.
    case invalidArtifact(JSONError)
    /// There is no kept timeline for the scenario.
    case noArtifact(scenario: String, path: String, folder: String)

    /// The error for people.
    public var diagnostic: Diagnostic {
        switch self {
        case .file(let error): return error.diagnostic
        case .invalidArtifact(let error): return error.diagnostic
        case .noArtifact(let scenario, let path, let folder):
            return Diagnostic(
                .error, location: SourceLocation(path: path), message: "no kept timeline to accept for \(scenario)",
                hint: "run the scenario first: a run whose timeline differs from its golden keeps it in \(folder)")
        }
    }

    /// The rendered diagnostic.
    public var description: String { diagnostic.description }
}
