/// Which golden timelines a run may write (`--record <mode>` on the command line).
///
/// | mode | missing golden | golden differs | golden matches |
/// |---|---|---|---|
/// | `never` | failed | failed (actual kept as an artifact) | passed |
/// | `missing` | written, `recorded` | failed (actual kept as an artifact) | passed |
/// | `failed` | written, `recorded` | rewritten, `recorded` | passed |
/// | `all` | written, `recorded` | rewritten, `recorded` | passed (rewritten, `recorded`, if its bytes differ) |
///
/// A run with failures (invalid scenario, mock errors, strict end-check findings) fails and writes nothing in
/// every mode.
public enum RecordMode: String, Codable, Sendable, CaseIterable {
    /// Write nothing; a missing golden fails (the default, and what CI uses).
    case never
    /// Write goldens that do not exist yet.
    case missing
    /// Rewrite goldens the run does not match, and write missing ones.
    case failed
    /// Rewrite every golden whose bytes are not exactly the run's canonical timeline.
    case all
}
