import ScenarioJSON
import VirtualTime

/// One timeline event: when it happened (`at`), what happened (``Kind``, with the fields of its kind), and, for
/// reports, what caused it.
///
/// Its golden line is `at` first, then the kind's members in a fixed order (see ``Kind/members``):
/// ```
/// {"at": "300ms", "call": "SearchRepository.search", "args": {"query": "swift"}}
/// ```
public struct TimelineEvent: Equatable, Sendable {
    /// The virtual instant: the time elapsed since the start of the scenario.
    public var at: ScenarioDuration
    /// The event's position in the timeline, from 0. Reports and answers (`answering`) refer to events by it; the
    /// golden file (format 3) does not write it: the order of its lines is the order.
    public var seq: Int
    /// What happened.
    public var kind: Kind
    /// The work the event is attributed to (`.setup`, `.step(2)`), for reports; not part of the golden, so `nil`
    /// for an event read from one.
    public var cause: WorkCause?
    /// For a mock response or cancellation: the `seq` of the call it answers (calls of one method can overlap),
    /// for reports; not part of the golden.
    public var answering: Int?

    /// Creates an event.
    public init(at: ScenarioDuration, seq: Int, kind: Kind, cause: WorkCause?, answering: Int? = nil) {
        self.at = at
        self.seq = seq
        self.kind = kind
        self.cause = cause
        self.answering = answering
    }

    /// The event as the golden file (format 3) writes it: `at`, then the kind's members.
    public var json: JSONObject {
        var object = JSONObject()
        object["at"] = .string(at.description)
        for (key, value) in kind.members { object[key] = value }
        return object
    }

    /// The event's canonical line, as the golden file shows it (without indentation or trailing comma).
    public var line: String { JSONWriter(style: .spaced).string(.object(json)) }
}

extension TimelineEvent {
    /// What happened, with the fields of each kind. Adding a kind is a compile error at every `switch` that must
    /// say what it means for that kind: recording, goldens, diffs, masks, properties, reports, the trace.
    public enum Kind: Equatable, Sendable {
        /// A step sent `value` (none for a `Void` input) into the input `name`.
        case input(name: String, value: JSONValue?)
        /// The ViewModel called the mock method `key` (`Type.method`) with `arguments` by label (empty: none).
        case call(key: String, arguments: JSONObject)
        /// The scripted answer of a call of `key` arrived.
        case response(key: String, Answer)
        /// A call of `key` was cancelled while it waited for its answer.
        case cancelled(key: String)
        /// The output `name` emitted `value` (none for a `Void` output).
        case output(name: String, value: JSONValue?)
        /// The state `name` (a `@Published` property, a declared state) took `value`.
        case state(name: String, value: JSONValue?)
        /// The ViewModel routed: `name` is the route's case (or the route output's name for a non-enum route),
        /// `value` its payload.
        case route(name: String, value: JSONValue?)
        /// The team's glue reported the callback `name` (`context.callback(name)`), with an optional value.
        case callback(name: String, value: JSONValue?)
        /// The ViewModel logged `message` at `level` (`debug`, `info`, `default`, `error`, `fault`) through the OSLog
        /// stand-in, in the log of `subsystem` and `category` (`nil` for the default log); recorded when the scenario
        /// says `"recordLogs": true`.
        case log(level: String, subsystem: String?, category: String?, message: String)
        /// The output publisher `name` finished.
        case finished(name: String)
        /// The output publisher `name` failed with `error`.
        case failed(name: String, error: JSONValue)
    }

    /// Which scripted response answered a call, and how.
    public struct Answer: Equatable, Sendable {
        /// The response's position in its mock key's list.
        public var index: Int
        /// For a stream, the element's position; `nil` for a whole answer.
        public var element: Int?
        /// Whether the answer is an error (`"throw"`).
        public var isError: Bool
        /// Whether this is a stream's end.
        public var isEnd: Bool

        /// Creates an answer.
        public init(index: Int, element: Int? = nil, isError: Bool = false, isEnd: Bool = false) {
            self.index = index
            self.element = element
            self.isError = isError
            self.isEnd = isEnd
        }
    }

    /// The kinds by the member that names them in a golden line (`"output": …`): what scenario files write to
    /// select events (properties, masks) and what the report's script reads.
    public enum Label: String, CaseIterable, Codable, Sendable {
        case input, call, response, cancelled, output, state, route, callback, log, finished, failed
    }
}

extension TimelineEvent.Kind {
    /// The kind's label (`.output`).
    public var label: TimelineEvent.Label {
        switch self {
        case .input: .input
        case .call: .call
        case .response: .response
        case .cancelled: .cancelled
        case .output: .output
        case .state: .state
        case .route: .route
        case .callback: .callback
        case .log: .log
        case .finished: .finished
        case .failed: .failed
        }
    }

    /// What the event is about: the input, output, state, callback or publisher name, the route's case, the mock
    /// key, or a log line's level.
    public var name: String {
        switch self {
        case .log(let level, _, _, _):
            level
        case .input(let name, _), .output(let name, _), .state(let name, _), .route(let name, _),
            .callback(let name, _), .finished(let name), .failed(let name, _):
            name
        case .call(let key, _), .response(let key, _), .cancelled(let key):
            key
        }
    }

    /// The kind and the name, as messages name an event: `output "items"`, `call "Search.search"`.
    public var title: String { "\(label.rawValue) \(JSONWriter.quoted(name))" }

    /// The value the event carries: what was sent or emitted, a route's payload; `nil` for kinds without one and
    /// for `Void` values.
    public var value: JSONValue? {
        switch self {
        case .input(_, let value), .output(_, let value), .state(_, let value), .route(_, let value),
            .callback(_, let value):
            value
        case .call, .response, .cancelled, .finished, .failed, .log:
            nil
        }
    }

    /// The mock key of a call, a response or a cancellation.
    public var mockKey: String? {
        switch self {
        case .call(let key, _), .response(let key, _), .cancelled(let key): key
        case .input, .output, .state, .route, .callback, .log, .finished, .failed: nil
        }
    }

    /// The values inside the event that masks and value paths address, by the member that holds them in a golden
    /// line: `value` (sent, emitted, a route's payload), `args` (a call's arguments), `error` (a failure).
    public var values: JSONObject {
        var values = JSONObject()
        switch self {
        case .input(_, let value), .output(_, let value), .state(_, let value), .route(_, let value),
            .callback(_, let value):
            if let value { values["value"] = value }
        case .call(_, let arguments):
            if !arguments.isEmpty { values["args"] = .object(arguments) }
        case .failed(_, let error):
            values["error"] = error
        case .log(_, _, _, let message):
            values["message"] = .string(message)
        case .response, .cancelled, .finished:
            break
        }
        return values
    }

    /// The kind with its ``values`` replaced (a member `values` lacks is left as it is): what a mask does.
    public func replacingValues(_ replaced: JSONObject) -> TimelineEvent.Kind {
        switch self {
        case .input(let name, let value): .input(name: name, value: replaced["value"] ?? value)
        case .output(let name, let value): .output(name: name, value: replaced["value"] ?? value)
        case .state(let name, let value): .state(name: name, value: replaced["value"] ?? value)
        case .route(let name, let value): .route(name: name, value: replaced["value"] ?? value)
        case .callback(let name, let value): .callback(name: name, value: replaced["value"] ?? value)
        case .call(let key, let arguments): .call(key: key, arguments: replaced["args"]?.objectValue ?? arguments)
        case .failed(let name, let error): .failed(name: name, error: replaced["error"] ?? error)
        case .log(let level, let subsystem, let category, let message):
            .log(
                level: level, subsystem: subsystem, category: category,
                message: replaced["message"]?.stringValue ?? message)
        case .response, .cancelled, .finished: self
        }
    }
}
