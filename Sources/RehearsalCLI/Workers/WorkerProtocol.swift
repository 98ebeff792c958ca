import Rehearsal
import ScenarioJSON

/// What the command line asks a worker to do: one scenario, in the run's mode (check it against its golden with the
/// record mode for this attempt, validate it, or explore it). One JSON object per line on the worker's stdin, so no
/// file name (a newline, a tab, any byte) can split it.
package struct WorkerRequest: Codable, Equatable, Sendable {
    /// The scenario file, relative to the root, by its bytes (a name that is not UTF-8 travels as its bytes).
    package var path: PathName
    /// What to do with it.
    package var mode: WorkMode
    /// The team's command and whether this is CI, for the hints.
    package var advice: RecordAdvice

    /// A request for the scenario at `path`.
    package init(path: PathName, mode: WorkMode, advice: RecordAdvice) {
        self.path = path
        self.mode = mode
        self.advice = advice
    }
}

/// What a worker tells the command line, one JSON object per line on its private copy of stdout. Each timeline
/// event it records travels too, as a frame of its own (see ``WorkerLine``), so a crash or a hang still shows the
/// last ones.
package enum WorkerMessage: Codable, Equatable, Sendable {
    /// It started the scenario at this path.
    case started(path: PathName)
    /// Where the running scenario's glue lives (streamed, so a crash is told apart as the glue's or the ViewModel's).
    case glue(GlueSites)
    /// An explored schedule starts (1 is the default order): a crash or a hang names the token that replays it.
    case exploring(schedule: Int, token: ScheduleToken)
    /// The scenario ended: its outcome, compared with its golden.
    case finished(ScenarioOutcome)
    /// The request line could not be read (a bug in whoever wrote it): the worker stops.
    case rejected(reason: String)
}

/// Reads and writes protocol lines with ScenarioJSON's coders (which keep object member order, as timeline
/// bodies need).
///
/// A line is one frame: a message (a JSON value), or a timeline event (`E` then the event's JSON value). The
/// command line keeps an event's frame as it came and decodes it only when the worker crashes, hangs or is
/// interrupted (see ``ReachedEvents``): a scenario that ends normally sends its timeline in its outcome.
package enum WorkerLine {
    /// The first byte of an event's frame (a message's frame starts with `{`).
    static let eventTag = UInt8(ascii: "E")

    /// What a line holds.
    package enum Frame: Equatable {
        /// A timeline event, as written (decode it with ``decodeEvent(_:)``).
        case event([UInt8])
        /// A message (decode it with ``decode(_:from:)``).
        case message([UInt8])
    }

    /// One line of JSON for `value`, without the newline.
    package static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        JSONWriter(style: .compact).bytes(try JSONValueEncoder().encode(value))
    }

    /// The frame of a recorded event, without the newline.
    static func encode(event: TimelineEvent) throws -> [UInt8] {
        [eventTag] + JSONWriter(style: .compact).bytes(try JSONValueEncoder().encode(event))
    }

    /// What `line` holds, from its first byte.
    package static func frame(_ line: [UInt8]) -> Frame {
        line.first == eventTag ? .event(line) : .message(line)
    }

    /// The event of an event frame.
    /// - Throws: `JSONError` for a frame that does not decode as an event.
    static func decodeEvent(_ frame: [UInt8]) throws -> TimelineEvent {
        try decode(TimelineEvent.self, from: Array(frame.dropFirst()))
    }

    /// The value of one line.
    /// - Throws: `JSONError` for a line that is not valid JSON or does not decode as `T`.
    package static func decode<T: Decodable>(_ type: T.Type, from line: [UInt8]) throws -> T {
        try JSONValueDecoder().decode(type, from: JSONParser().parse(bytes: line, path: "<worker protocol>"))
    }
}
