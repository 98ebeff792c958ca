import ScenarioJSON

/// A parsed and validated scenario file (format version 1).
///
/// Every value keeps its JSON Pointer so that later failures (a wrong input value, a mock body that does not
/// decode) can point at the exact place in the file it came from.
public struct Scenario: Sendable {
    /// The values, shared by copies until one of them changes (copy on write): a run hands its scenario to the
    /// context, the mocks, the engine, the end checks and the outcome, and a copy is then one reference.
    private struct Values: Sendable {
        var name: String
        var document: JSONDocument
        var description: String?
        var viewModel: String
        var config: JSONValue
        var mocks: [MockScriptEntry]
        var steps: [Step]
        var until: ScenarioDuration?
        var strict: Bool
        var comparison: Comparison
        var clockStart: ScenarioTimestamp
        var properties: [ScenarioProperty]
        var explore: ExploreSettings
        var knownIssue: String?
        var schedule: ScheduleToken?
        var masks: [ValueMask]
        var recordsLogs: Bool
    }

    /// The one reference copies share.
    private final class Storage: @unchecked Sendable {
        var values: Values

        init(_ values: Values) { self.values = values }
    }

    private var storage: Storage

    /// The storage to change: this copy's own (made so when another copy shares it).
    private mutating func owned() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
        return storage
    }

    /// The scenario's identity: its path relative to the scenario root, without `.json`
    /// (`contributors/load-and-paginate`). Goldens are keyed by it.
    public var name: String {
        get { storage.values.name }
        _modify { yield &owned().values.name }
    }
    /// The parsed file (with `$file` references resolved), for locating values.
    public var document: JSONDocument {
        get { storage.values.document }
        _modify { yield &owned().values.document }
    }
    /// What the scenario shows, for people.
    public var description: String? {
        get { storage.values.description }
        _modify { yield &owned().values.description }
    }
    /// The catalog name of the ViewModel to build.
    public var viewModel: String {
        get { storage.values.viewModel }
        _modify { yield &owned().values.viewModel }
    }
    /// The configuration handed to the catalog's factory (`{}` when absent).
    public var config: JSONValue {
        get { storage.values.config }
        _modify { yield &owned().values.config }
    }
    /// Scripted responses per mock key (`StoreRepository.fetchContributors`), in file order.
    public var mocks: [MockScriptEntry] {
        get { storage.values.mocks }
        _modify { yield &owned().values.mocks }
    }
    /// The steps, with absolute virtual instants resolved.
    public var steps: [Step] {
        get { storage.values.steps }
        _modify { yield &owned().values.steps }
    }
    /// When the scenario ends; `nil` runs until no work is left.
    public var until: ScenarioDuration? {
        get { storage.values.until }
        _modify { yield &owned().values.until }
    }
    /// Whether end-of-scenario checks fail the scenario (default) or are only reported.
    public var strict: Bool {
        get { storage.values.strict }
        _modify { yield &owned().values.strict }
    }
    /// How the timeline is compared with its golden.
    public var comparison: Comparison {
        get { storage.values.comparison }
        _modify { yield &owned().values.comparison }
    }
    /// What the wall clock (`Date()`) reads when the scenario starts: `"clock": {"now": …}`, by default
    /// ``ScenarioTimestamp/defaultScenarioStart`` (2026-01-01T09:00:00Z).
    public var clockStart: ScenarioTimestamp {
        get { storage.values.clockStart }
        _modify { yield &owned().values.clockStart }
    }
    /// What every run must show (`"properties"`), checked after the run.
    public var properties: [ScenarioProperty] {
        get { storage.values.properties }
        _modify { yield &owned().values.properties }
    }
    /// What `rehearsal explore` may vary (`"explore"`).
    public var explore: ExploreSettings {
        get { storage.values.explore }
        _modify { yield &owned().values.explore }
    }
    /// A known bug the scenario reproduces on purpose (`"knownIssue"`): its failing properties are expected (they
    /// are notes, and the golden is recorded as usual), and the scenario fails when none of them fails any more.
    public var knownIssue: String? {
        get { storage.values.knownIssue }
        _modify { yield &owned().values.knownIssue }
    }
    /// The schedule every run plays instead of the default order (`"schedule"`: a replay token `rehearsal explore`
    /// wrote, when latencies alone cannot force the order it found).
    public var schedule: ScheduleToken? {
        get { storage.values.schedule }
        _modify { yield &owned().values.schedule }
    }
    /// Values recorded as a placeholder of their shape (`"mask"`), in file order.
    public var masks: [ValueMask] {
        get { storage.values.masks }
        _modify { yield &owned().values.masks }
    }
    /// Whether `Logger` and `os_log` lines are timeline events (`"recordLogs": true`; off by default).
    public var recordsLogs: Bool {
        get { storage.values.recordsLogs }
        _modify { yield &owned().values.recordsLogs }
    }

    /// A scenario of these values (the loader makes them from a file).
    init(
        name: String, document: JSONDocument, description: String?, viewModel: String, config: JSONValue,
        mocks: [MockScriptEntry], steps: [Step], until: ScenarioDuration?, strict: Bool, comparison: Comparison,
        clockStart: ScenarioTimestamp = .defaultScenarioStart, properties: [ScenarioProperty] = [],
        explore: ExploreSettings = ExploreSettings(), knownIssue: String?, schedule: ScheduleToken?,
        masks: [ValueMask] = [], recordsLogs: Bool = false
    ) {
        storage = Storage(
            Values(
                name: name, document: document, description: description, viewModel: viewModel, config: config,
                mocks: mocks, steps: steps, until: until, strict: strict, comparison: comparison,
                clockStart: clockStart, properties: properties, explore: explore, knownIssue: knownIssue,
                schedule: schedule, masks: masks, recordsLogs: recordsLogs))
    }

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
