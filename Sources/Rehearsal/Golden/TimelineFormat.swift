import ScenarioJSON

/// The versions of the golden timeline file format.
///
/// - **Format 2** (``current``, written since Rehearsal's goldens became diff-local):
///   `{"version": 2, "scenario": …, "events": [ … ]}`, one event per line as `{"at": …, <what happened>}`. The
///   order of the lines is the order of the events; events with the same `at` happened at the same instant, in
///   that order. No member depends on other events, so inserting or removing k events changes k lines.
/// - **Format 1**: `{"scenario": …, "events": [ … ]}` with `"seq": n` after each `at`, numbering the events of the
///   whole file; one inserted event renumbers every later line. Still read; `rehearsal migrate` (or
///   `rehearsal record`) rewrites it as format 2 with the same events in the same order.
public enum TimelineFormat: Int, Codable, Sendable, CaseIterable, Comparable {
    /// Events numbered by a file-wide `seq`.
    case v1 = 1
    /// Order by line order alone; no `seq`.
    case v2 = 2

    /// The format goldens, artifacts and `migrate` write.
    public static let current = TimelineFormat.v2

    /// Orders formats by version.
    public static func < (lhs: TimelineFormat, rhs: TimelineFormat) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A golden timeline file read back: its timeline and the format it was written in.
///
/// ```swift
/// let golden = try GoldenFile(bytes: bytes, path: "Scenarios/a.timeline.json")
/// golden.format            // .v1 for a file with "seq" members
/// golden.timeline.events   // the same events either way
/// ```
public struct GoldenFile: Equatable, Sendable {
    /// The events, in order, with no causes (causes are not part of a golden).
    public var timeline: Timeline
    /// The format the file is written in.
    public var format: TimelineFormat

    /// Creates a golden file's value.
    public init(timeline: Timeline, format: TimelineFormat) {
        self.timeline = timeline
        self.format = format
    }

    /// Whether the file's bytes are exactly what the current format writes for its timeline.
    public func isCanonical(_ bytes: [UInt8]) -> Bool {
        format == .current && bytes == Array(timeline.canonicalText.utf8)
    }
}
