import ScenarioJSON
import VirtualTime

/// The one place where an event's kind becomes the members of its golden line and back. Goldens (formats 1, 2 and 3)
/// and results files (`--reporter json`) hold these members; nothing else reads an event's members by name.
extension TimelineEvent.Kind {
    /// The members after `at`, in the golden's fixed order: the label with the name first
    /// (`"output": "items"`), then the kind's fields (`"value"`; a call's `"args"`; a response's `"index"`,
    /// `"element"`, `"throw": true`, `"finished": true`; a failure's `"error"`). Absent fields are left out.
    public var members: JSONObject {
        var members = JSONObject()
        members[label.rawValue] = .string(name)
        for (key, value) in fields { members[key] = value }
        return members
    }

    /// The members after the name, in the golden's order (see ``members``).
    public var fields: JSONObject {
        var members = JSONObject()
        switch self {
        case .call(_, let arguments):
            if !arguments.isEmpty { members["args"] = .object(arguments) }
        case .response(_, let answer):
            members["index"] = .integer(Int64(answer.index))
            if let element = answer.element { members["element"] = .integer(Int64(element)) }
            if answer.isError { members["throw"] = .bool(true) }
            if answer.isEnd { members["finished"] = .bool(true) }
        case .failed(_, let error):
            members["error"] = error
        case .log(_, let subsystem, let category, let message):
            if let subsystem { members["subsystem"] = .string(subsystem) }
            if let category { members["category"] = .string(category) }
            members["message"] = .string(message)
        case .input(_, let value), .output(_, let value), .state(_, let value), .route(_, let value),
            .callback(_, let value):
            if let value { members["value"] = value }
        case .cancelled, .finished:
            break
        }
        return members
    }

    /// The fields each label takes after its name, in the golden's order.
    static func fields(of label: TimelineEvent.Label) -> [String] {
        switch label {
        case .input, .output, .state, .route, .callback: ["value"]
        case .call: ["args"]
        case .response: ["index", "element", "throw", "finished"]
        case .failed: ["error"]
        case .log: ["subsystem", "category", "message"]
        case .cancelled, .finished: []
        }
    }

    /// A member that does not make an event, with what was expected: the golden reader locates it at the member.
    public struct MemberError: Error, Equatable, Sendable {
        /// The member at fault; `nil` for the event as a whole.
        public var member: String?
        /// What is wrong.
        public var message: String
        /// How to fix it.
        public var hint: String
    }

    /// Reads the members after `at` (as ``members`` writes them; the order of the fields is not checked).
    /// - Throws: ``MemberError`` for a missing or unknown label, a name that is not a string, a field the kind
    ///   does not take, or a field of the wrong type.
    public init(members: JSONObject) throws(MemberError) {
        let labels = TimelineEvent.Label.allCases.map(\.rawValue).joined(separator: ", ")
        guard let first = members.members.first else {
            throw MemberError(
                member: nil, message: "expected what happened after 'at' (e.g. \"output\": …), found nothing",
                hint: "start the event with its kind: one of \(labels)")
        }
        guard let label = TimelineEvent.Label(rawValue: first.key) else {
            let suggestion = Suggestion.closest(to: first.key, in: TimelineEvent.Label.allCases.map(\.rawValue))
            throw MemberError(
                member: first.key, message: "unknown event kind '\(first.key)'",
                hint: suggestion.map { "did you mean '\($0)'? Events are \(labels)" }
                    ?? "start the event with its kind: one of \(labels)")
        }
        guard case .string(let name) = first.value else {
            throw MemberError(
                member: first.key,
                message:
                    "expected the \(label.rawValue) event's name as a string, found \(first.value.kindDescription)",
                hint: "write the name in quotes")
        }
        let fields = Self.fields(of: label)
        for member in members.members.dropFirst() where !fields.contains(member.key) {
            let takes = fields.isEmpty ? "nothing after its name" : fields.map { "'\($0)'" }.joined(separator: ", ")
            throw MemberError(
                member: member.key, message: "unknown member '\(member.key)' in a \(label.rawValue) event",
                hint: "a \(label.rawValue) event takes \(takes)")
        }
        let value = members["value"]
        switch label {
        case .input: self = .input(name: name, value: value)
        case .output: self = .output(name: name, value: value)
        case .state: self = .state(name: name, value: value)
        case .route: self = .route(name: name, value: value)
        case .callback: self = .callback(name: name, value: value)
        case .cancelled: self = .cancelled(key: name)
        case .finished: self = .finished(name: name)
        case .call:
            switch members["args"] {
            case nil: self = .call(key: name, arguments: JSONObject())
            case .object(let arguments)?: self = .call(key: name, arguments: arguments)
            case let other?:
                throw MemberError(
                    member: "args",
                    message: "expected the call's arguments as an object, found \(other.kindDescription)",
                    hint: "write the arguments by label, such as {\"query\": \"swift\"}")
            }
        case .failed:
            guard let error = members["error"] else {
                throw MemberError(
                    member: nil, message: "expected the error of the failed event, found no 'error'",
                    hint: "add \"error\": the recorded error")
            }
            self = .failed(name: name, error: error)
        case .response:
            self = .response(key: name, try Self.answer(members))
        case .log:
            func text(_ key: String) throws(MemberError) -> String? {
                switch members[key] {
                case nil: return nil
                case .string(let text)?: return text
                case let other?:
                    throw MemberError(
                        member: key,
                        message: "expected the log line's \(key) as a string, found \(other.kindDescription)",
                        hint: "write it in quotes")
                }
            }
            guard let message = try text("message") else {
                throw MemberError(
                    member: nil, message: "expected the message of the log line, found no 'message'",
                    hint: "add \"message\": the logged text")
            }
            self = .log(level: name, subsystem: try text("subsystem"), category: try text("category"), message: message)
        }
    }

    private static func answer(_ members: JSONObject) throws(MemberError) -> TimelineEvent.Answer {
        func position(_ key: String, _ what: String) throws(MemberError) -> Int? {
            switch members[key] {
            case nil: return nil
            case .integer(let number)? where number >= 0 && number <= Int64(Int32.max): return Int(number)
            case let other?:
                throw MemberError(
                    member: key,
                    message: "expected \(what) as a whole number of 0 or more, found \(other.kindDescription)",
                    hint: "write it as a number, such as 0")
            }
        }
        func flag(_ key: String) throws(MemberError) -> Bool {
            switch members[key] {
            case nil: return false
            case .bool(true)?: return true
            case let other?:
                throw MemberError(
                    member: key, message: "expected '\(key)' to be true, found \(other.kindDescription)",
                    hint: "write \"\(key)\": true, or leave it out")
            }
        }
        guard let index = try position("index", "the response's index") else {
            throw MemberError(
                member: nil, message: "expected the index of the scripted response, found no 'index'",
                hint: "add \"index\": the response's position in its mock key's list")
        }
        return TimelineEvent.Answer(
            index: index, element: try position("element", "the stream element's position"), isError: try flag("throw"),
            isEnd: try flag("finished"))
    }
}

extension TimelineEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case atNanoseconds, seq, body, cause, answering
    }

    /// Reads what ``encode(to:)`` writes:
    /// `{"atNanoseconds": 300000000, "seq": 2, "body": {…}, "cause": {"step": 0}, "answering": 1}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard case .object(let members) = try container.decode(JSONValue.self, forKey: .body) else {
            throw DecodingError.dataCorruptedError(
                forKey: .body, in: container, debugDescription: "expected an object of event members")
        }
        let kind: Kind
        do {
            kind = try Kind(members: members)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .body, in: container, debugDescription: error.message + "; " + error.hint)
        }
        self.init(
            at: ScenarioDuration(nanoseconds: try container.decode(Int64.self, forKey: .atNanoseconds)),
            seq: try container.decode(Int.self, forKey: .seq), kind: kind,
            cause: try container.decodeIfPresent(WorkCause.self, forKey: .cause),
            answering: try container.decodeIfPresent(Int.self, forKey: .answering))
    }

    /// Writes the instant as integer nanoseconds, the golden's members in order, and the cause and the answered
    /// call when known.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(at.nanoseconds, forKey: .atNanoseconds)
        try container.encode(seq, forKey: .seq)
        try container.encode(JSONValue.object(kind.members), forKey: .body)
        try container.encodeIfPresent(cause, forKey: .cause)
        try container.encodeIfPresent(answering, forKey: .answering)
    }
}
