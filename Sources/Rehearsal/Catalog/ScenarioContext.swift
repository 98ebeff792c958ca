import CombineCompat
import RehearsalBase
import ScenarioJSON
import VirtualTime

/// What a catalog factory gets to build a ViewModel for one scenario run: the scenario's `config`, the virtual
/// clock and scheduler, and the script that scripted mocks (``ScriptedMock``) answer from.
///
/// ```swift
/// ViewModelEntry("Contributors") { context in
///     let config = try context.config(ContributorsConfig.self)
///     return ContributorsViewModel(
///         config: .init(storeId: config.storeId, store: config.store),
///         dependency: .init(storeRepository: StoreRepositoryMock(context), logManager: LogManagerMock(context)))
/// }
/// ```
public final class ScenarioContext: @unchecked Sendable {
    /// The scenario being run.
    public let scenario: Scenario
    /// The virtual timeline the run is on.
    public let timeline: VirtualEventLoop
    let mockEngine: MockScriptEngine
    let recorder: TimelineRecorder
    /// Ports the factory declared (`input`, `output`, `route`, `state`, `outputs`).
    let declared = DeclaredPorts()
    /// The collaborators kept alive for the scenario (see ``keep(_:)``), released when it ends.
    private var kept: [AnyObject] = []
    private let keptLock = _Lock()

    init(scenario: Scenario, timeline: VirtualEventLoop, mockEngine: MockScriptEngine, recorder: TimelineRecorder) {
        self.scenario = scenario
        self.timeline = timeline
        self.mockEngine = mockEngine
        self.recorder = recorder
    }

    /// Keeps `collaborator` alive until the scenario ends and returns it: a navigator, coordinator or delegate the
    /// factory hands to a ViewModel that holds it weakly (`weak var navigator`), as the app keeps its own alive.
    /// Scripted mocks are kept without asking.
    ///
    /// ```swift
    /// let viewModel = StoreViewModel(repository: StoreRepositoryMock(context))
    /// viewModel.coordinator = context.keep(CoordinatorSpy(context.callback("openStore")))
    /// ```
    /// Whatever the ViewModel does with its own reference still counts: one it sets to `nil` is gone for it.
    @discardableResult
    public func keep<Collaborator: AnyObject>(_ collaborator: Collaborator) -> Collaborator {
        keptLock.withLock { kept.append(collaborator) }
        return collaborator
    }

    /// Releases what ``keep(_:)`` kept (the runner calls it when it releases the ViewModel).
    func releaseCollaborators() {
        let released = keptLock.withLock {
            defer { kept.removeAll() }
            return kept
        }
        _ = released
    }

    /// A Swift `Clock` on the virtual timeline, for code that takes a clock by injection. (`Task.sleep`,
    /// `ContinuousClock` and `Date()` are virtual during a run anyway, unless system time is switched off.)
    public var clock: VirtualClock { timeline.clock }

    /// A Combine scheduler on the virtual timeline. (`DispatchQueue.main`, `RunLoop.main` and `OperationQueue.main`
    /// are redirected onto the timeline during a run anyway.)
    public var scheduler: VirtualScheduler { timeline.scheduler }

    /// Decodes the scenario's `config` (or its member `key`) into `type`; errors point into the scenario file.
    ///
    /// ```
    /// Scenarios/x.json:4:25: error: config.storeId: expected an integer, found the string "42"
    /// ```
    public func config<T: Decodable>(_ type: T.Type = T.self, key: String? = nil) throws -> T {
        var pointer = JSONPointer.root.appending("config")
        if let key { pointer = pointer.appending(key) }
        if scenario.document.root[pointer] == nil {
            if let discovery = mockEngine.discovery { return try discovery.config(type, key: key) }
            let empty = JSONObject()
            if let value = try? JSONValueDecoder().decode(type, from: .object(empty)) { return value }
            let config = JSONPointer.root.appending("config")
            if let key, let member = ConfigMemberName.key, case .object(let object)? = scenario.document.root[config] {
                // The config is there without the member: the decoder says so at the config, or at the member that
                // misspells it with the rename.
                let decoder = JSONValueDecoder(userInfo: [member: key])
                do {
                    return try decoder.decode(ConfigMember<T>.self, from: scenario.document, at: config).value
                } catch var error as JSONError where error.pointer == config {
                    // Missing, not misspelt by a typo: a member named for the same thing is likely the one meant.
                    if let near = ConfigMemberName.sameThing(as: key, in: object.keys) {
                        error.hint =
                            "rename \(JSONWriter.quoted(near)) to \(JSONWriter.quoted(key)) if it is meant to be "
                            + "that member, or add \(JSONWriter.quoted(key)) next to it"
                    }
                    throw error
                }
            }
            throw scenario.document.error(
                at: pointer, "missing '\(pointer.tokens.joined(separator: "."))' for ViewModel '\(scenario.viewModel)'",
                hint: key.map { "add \"config\": {\"\($0)\": …} (a \(String(describing: type)))" }
                    ?? "add \"config\": {…} with the fields of \(String(describing: type))")
        }
        return try JSONValueDecoder().decode(type, from: scenario.document, at: pointer)
    }

    /// A closure that records `{"callback": name}` each time it is called, for callback-style APIs
    /// (seed 004's `networkRandomUser(completion:)`).
    public func callback(_ name: String) -> @Sendable () -> Void {
        let recorder = self.recorder
        return { recorder.record(.callback(name: name, value: nil)) }
    }

    /// A closure that records `{"callback": name, "value": …}` each time it is called, with what `value` returns
    /// then: what a view would read when the ViewModel calls back (seed 004's view reloads from `person`).
    ///
    /// ```swift
    /// viewModel.networkRandomUser(completion: context.callback("completion", recording: { viewModel.person }))
    /// ```
    public func callback<Value>(_ name: String, recording value: @escaping () -> Value) -> () -> Void {
        let recorder = self.recorder
        return { recorder.record(.callback(name: name, value: recorder.encoding.encode(value()))) }
    }

    // MARK: Declared ports (transform(input:)-style ViewModels)

    /// A named input for a ViewModel whose `Input` is built from publishers: steps `send` `name` with a value of
    /// type `Value`.
    ///
    /// ```swift
    /// let output = viewModel.transform(input: .init(email: context.input("email"), tapLogin: context.input("tapLogin")))
    /// ```
    @MainActor
    public func input<Value: Decodable>(_ name: String, _ type: Value.Type = Value.self) -> AnyPublisher<Value, Never> {
        let subject = PassthroughSubject<Value, Never>()
        declared.inputs.append(subjectInput(subject, name: name))
        return subject.eraseToAnyPublisher()
    }

    /// A named input that takes no value.
    @MainActor
    public func input(_ name: String) -> AnyPublisher<Void, Never> {
        let subject = PassthroughSubject<Void, Never>()
        declared.inputs.append(subjectInput(subject, name: name))
        return subject.eraseToAnyPublisher()
    }

    /// A named input of enum cases: `"send": "<case>"` builds the case through the enum's `Decodable`
    /// conformance, as for seed 002's `enum Input`.
    @MainActor
    public func inputCases<Value: Decodable>(_ type: Value.Type = Value.self) -> AnyPublisher<Value, Never> {
        let subject = PassthroughSubject<Value, Never>()
        declared.enumInput = enumInput(subject: subject)
        return subject.eraseToAnyPublisher()
    }

    /// Records every value of `publisher` as output `name`. Subscribed once, before the first step.
    @MainActor
    public func output<P: Publisher>(_ name: String, _ publisher: P) {
        declared.outputs.append(outputPort(publisher, name: name, role: .output))
    }

    /// Records every value of `publisher` as a route (the case name, with its payload as the value).
    @MainActor
    public func route<P: Publisher>(_ publisher: P, name: String = "route") {
        declared.outputs.append(outputPort(publisher, name: name, role: .route))
    }

    /// Records every value of `publisher` as state `name`.
    @MainActor
    public func state<P: Publisher>(_ name: String, _ publisher: P) {
        declared.outputs.append(outputPort(publisher, name: name, role: .state))
    }

    /// Records every publisher stored in `outputs` (a struct such as a `transform(input:)` result) by its
    /// property label; the one labelled `route`, or of a type named `Route`, records routes.
    @MainActor
    public func outputs(_ outputs: Any) {
        StoredFields.forEachProperty(of: outputs, ownOnly: true) { name, value in
            guard let name, let publisher = value as? any Publisher else { return }
            declared.outputs.append(
                outputPort(publisher, name: name, role: PortDiscovery.role(of: publisher, label: name)))
        }
    }
}

/// Ports a factory declared through its context.
final class DeclaredPorts: @unchecked Sendable {
    var inputs: [InputPort] = []
    var enumInput: EnumInput?
    var outputs: [OutputPort] = []
}

/// The member of the config a factory reads with `context.config(_:key:)`, decoded from the config object (so that a
/// member missing or misspelt is the decoder's own error, located in the file).
private struct ConfigMember<Value: Decodable>: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
        let name = ConfigMemberName.key.flatMap { decoder.userInfo[$0] as? String } ?? ""
        let container = try decoder.container(keyedBy: JSONCodingKey.self)
        value = try container.decode(Value.self, forKey: JSONCodingKey(stringValue: name))
    }
}

/// Where ``ConfigMember`` finds the member's name.
private enum ConfigMemberName {
    static let key = CodingUserInfoKey(rawValue: "rehearsal.configMember")

    /// The member of `keys` that names the same thing as `name` (`minQueryLength` for `minimumQueryLength`): the
    /// closest, when at most half of the longer name differs.
    static func sameThing(as name: String, in keys: [String]) -> String? {
        guard let near = Suggestion.closest(to: name, in: keys, typosOnly: false) else { return nil }
        let distance = Suggestion.editDistance(Array(near.lowercased()), Array(name.lowercased()))
        return distance * 2 <= max(near.count, name.count) ? near : nil
    }
}
