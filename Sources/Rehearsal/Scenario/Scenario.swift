import ScenarioJSON

/// A parsed and validated scenario file (format version 1).
///
/// Every value keeps its JSON Pointer so that later failures (a wrong input value, a mock body that does not
/// decode) can point at the exact place in the file it came from.
public struct Scenario: Sendable {
    /// The scenario's identity: its path relative to the scenario root, without `.json`
    /// (`contributors/load-and-paginate`). Goldens are keyed by it.
    public var name: String
    /// The parsed file (with `$file` references resolved), for locating values.
    public var document: JSONDocument
    /// What the scenario shows, for people.
    public var description: String?
    /// The catalog name of the ViewModel to build.
    public var viewModel: String
    /// The configuration handed to the catalog's factory (`{}` when absent).
    public var config: JSONValue
    /// Scripted responses per mock key (`StoreRepository.fetchContributors`), in file order.
    public var mocks: [MockScriptEntry]
    /// The steps, with absolute virtual instants resolved.
    public var steps: [Step]
    /// When the scenario ends; `nil` runs until no work is left.
    public var until: ScenarioDuration?
    /// Whether end-of-scenario checks fail the scenario (default) or are only reported.
    public var strict: Bool
    /// How the timeline is compared with its golden.
    public var comparison: Comparison
    /// What the wall clock (`Date()`) reads when the scenario starts: `"clock": {"now": …}`, by default
    /// ``ScenarioTimestamp/defaultScenarioStart`` (2026-01-01T09:00:00Z).
    public var clockStart: ScenarioTimestamp = .defaultScenarioStart
    /// What every run must show (`"properties"`), checked after the run.
    public var properties: [ScenarioProperty] = []
    /// What `rehearsal explore` may vary (`"explore"`).
    public var explore = ExploreSettings()
    /// A known bug the scenario reproduces on purpose (`"knownIssue"`): its failing properties are expected (they
    /// are notes, and the golden is recorded as usual), and the scenario fails when none of them fails any more.
    public var knownIssue: String?
    /// The schedule every run plays instead of the default order (`"schedule"`: a replay token `rehearsal explore`
    /// wrote, when latencies alone cannot force the order it found).
    public var schedule: ScheduleToken?
    /// Values recorded as a placeholder of their shape (`"mask"`), in file order.
    public var masks: [ValueMask] = []
    /// Whether `Logger` and `os_log` lines are timeline events (`"recordLogs": true`; off by default).
    public var recordsLogs = false

    /// How a timeline is compared with its golden.
    public enum Comparison: String, Codable, Sendable, CaseIterable {
        /// Same events, same order, same virtual times (the default).
        case exact
        /// Same events in the same order; virtual times are ignored.
        case order
    }
}

/// One step of a scenario: an input sent at a virtual instant, or a pure wait.
public struct Step: Sendable {
    /// The step's index in `steps`.
    public var index: Int
    /// The absolute virtual instant the step happens at.
    public var at: ScenarioDuration
    /// What the step does.
    public var action: Action
    /// The step's pointer (`/steps/2`).
    public var pointer: JSONPointer

    /// What a step does.
    public enum Action: Sendable {
        /// Sends the input `name` with an optional value (at `valuePointer`).
        case send(name: String, value: JSONValue?, namePointer: JSONPointer, valuePointer: JSONPointer)
        /// Sets the `@Published` property or `CurrentValueSubject` input `name` to `value`, as a UI binding does
        /// (`{"set": "query", "value": "swift"}`).
        case set(name: String, value: JSONValue, namePointer: JSONPointer, valuePointer: JSONPointer)
        /// Only lets virtual time pass.
        case wait
    }

    /// The input name, for `send` and `set` steps.
    public var inputName: String? {
        switch action {
        case .send(let name, _, _, _), .set(let name, _, _, _): name
        case .wait: nil
        }
    }

    /// The value the step delivers, if any.
    public var inputValue: JSONValue? {
        switch action {
        case .send(_, let value, _, _): value
        case .set(_, let value, _, _): value
        case .wait: nil
        }
    }
}

/// The scripted responses for one mock key, in the order the file gives them.
public struct MockScriptEntry: Sendable {
    /// `Type.method`, e.g. `StoreRepository.fetchContributors`.
    public var key: String { didSet { parsedKey = MockKey(key) } }
    /// The responses, consumed in order (a `when` response only by calls it matches).
    public var responses: [MockResponse]
    /// The key's pointer (`/mocks/StoreRepository.fetchContributors`).
    public var pointer: JSONPointer
    /// The key's parts, read once (every run checks the mock's type); nil when it is no mock key.
    private(set) var parsedKey: MockKey?

    init(key: String, parsed: MockKey?, responses: [MockResponse], pointer: JSONPointer) {
        self.key = key
        self.responses = responses
        self.pointer = pointer
        parsedKey = parsed
    }
}

/// One scripted response of a mock.
public struct MockResponse: Sendable {
    /// Virtual latency before the answer arrives.
    public var after: ScenarioDuration
    /// What the call gets.
    public var outcome: Outcome
    /// Argument values a call must have for this response to answer it (a subset match).
    public var when: JSONObject?
    /// How many calls this response answers; `nil` means any number (`"repeat": true`).
    public var times: Int?
    /// How far `rehearsal explore` may move its latency either way (`"jitter"`); nil: the scenario's
    /// `explore.jitter`.
    public var jitter: ScenarioDuration?
    /// The response's pointer (`/mocks/StoreRepository.fetchContributors/0`).
    public var pointer: JSONPointer
    /// Where an answer that comes later is delivered (`"deliver": "main"` or `"background"`); nil: the mock's own
    /// ``ScriptedMock/delivery`` (by default, where the call was made).
    public var delivery: MockDelivery?

    /// What a call gets.
    public enum Outcome: Sendable {
        /// The method returns this value (decoded into its return type).
        case value(JSONValue)
        /// The method throws (or returns `.failure`) with this error (decoded into its error type).
        case error(JSONValue)
        /// The answer never arrives: the call stays suspended until its task is cancelled.
        case never
        /// Several answers, each at its own delay, for methods returning an `AsyncStream`, an
        /// `AsyncThrowingStream` or a publisher. The stream finishes after the last element unless that element
        /// ends it otherwise.
        case stream([StreamElement])
    }
}

/// One element of a scripted stream (`{"after": "100ms", "yield": {…}}`).
public struct StreamElement: Sendable {
    /// Virtual time after the previous element (the first: after the call).
    public var after: ScenarioDuration
    /// What happens.
    public var event: Event
    /// The element's pointer (`/mocks/PriceFeed.prices/0/stream/2`).
    public var pointer: JSONPointer

    /// What a stream element does. Every event but `value` ends the stream, so it is the last element.
    public enum Event: Sendable {
        /// The stream yields this value (`"yield"`).
        case value(JSONValue)
        /// The stream fails with this error (`"throw"`).
        case error(JSONValue)
        /// The stream finishes (`"finish": true`).
        case finished
        /// The stream stays open without another element until it is cancelled (`"never": true`).
        case never
    }
}
