import Rehearsal
import ScenarioJSON

/// What the command line asks a worker to do: one scenario, in the run's mode (check it against its golden with the
/// record mode for this attempt, validate it, or explore it). One JSON object per line on the worker's stdin, so no
/// file name (a newline, a tab, any byte) can split it.
struct WorkerRequest: Codable, Equatable, Sendable {
    /// The scenario file, relative to the root.
    var path: String
    /// What to do with it.
    var mode: WorkMode
    /// The team's command and whether this is CI, for the hints.
    var advice: RecordAdvice
}

/// What a worker tells the command line, one JSON object per line on its private copy of stdout.
enum WorkerMessage: Codable, Equatable, Sendable {
    /// It started the scenario at this path.
    case started(path: String)
    /// A timeline event was recorded (streamed, so a crash or a hang still shows the last ones).
    case event(TimelineEvent)
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
enum WorkerLine {
    /// One line of JSON for `value`, without the newline.
    static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        JSONWriter(style: .compact).bytes(try JSONValueEncoder().encode(value))
    }

    /// The value of one line.
    /// - Throws: `JSONError` for a line that is not valid JSON or does not decode as `T`.
    static func decode<T: Decodable>(_ type: T.Type, from line: [UInt8]) throws -> T {
        try JSONValueDecoder().decode(type, from: JSONParser().parse(bytes: line, path: "<worker protocol>"))
    }
}
