import ScenarioJSON

/// The versions of the golden timeline file format.
///
/// - **Format 3** (``current``): as format 2, with every `at` in ``ScenarioDuration``'s one fixed form (`"0.300s"`,
///   `"12m00.005s"`, `"1h00m00.250s"`), so that the times of a timeline and of its diff compare at a glance.
/// - **Format 2**: `{"version": 2, "scenario": …, "events": [ … ]}`, one event per line as
///   `{"at": …, <what happened>}`, times in the largest unit that needs at most three decimals (`"300ms"` beside
///   `"1.25s"` and `"12.005m"`). The order of the lines is the order of the events; events with the same `at`
///   happened at the same instant, in that order. No member depends on other events, so inserting or removing k
///   events changes k lines.
/// - **Format 1**: `{"scenario": …, "events": [ … ]}` with `"seq": n` after each `at`, numbering the events of the
///   whole file; one inserted event renumbers every later line.
///
/// Formats 1 and 2 are still read; `rehearsal migrate` (or `rehearsal record`) rewrites them as format 3 with the
/// same events at the same instants in the same order.
public enum TimelineFormat: Int, Codable, Sendable, CaseIterable, Comparable {
    /// Events numbered by a file-wide `seq`.
    case v1 = 1
    /// Order by line order alone; no `seq`.
    case v2 = 2
    /// As format 2, times in the one fixed form.
    case v3 = 3

    /// The format goldens, artifacts and `migrate` write.
    public static let current = TimelineFormat.v3

    /// The versions this Rehearsal reads, for messages: `1, 2 and 3`.
    public static var readable: String {
        let numbers = allCases.map { String($0.rawValue) }
        return numbers.dropLast().joined(separator: ", ") + " and " + (numbers.last ?? "")
    }

    /// Reads a version number, refusing one this Rehearsal does not read with the versions it does.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let number = try container.decode(Int.self)
        guard let format = TimelineFormat(rawValue: number) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unsupported timeline format \(number): this Rehearsal reads formats \(Self.readable)"
            )
        }
        self = format
    }

    /// Orders formats by version.
    public static func < (lhs: TimelineFormat, rhs: TimelineFormat) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A golden timeline file read back: its timeline and the format it was written in.
///
/// ```swift
/// let golden = try GoldenFile(bytes: bytes, path: "Scenarios/a.timeline.json")
/// golden.format            // .v1 for a file with "seq" members, .v3 for one written now
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
