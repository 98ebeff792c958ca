import RehearsalBase
import ScenarioJSON

/// What a ViewModel showed of itself while a scenario was played to discover it (`rehearsal new`): the configs its
/// factory decoded, its inputs, and every mock call it made, recorded instead of answered.
///
/// Set on a ``ScenarioRunner`` (``ScenarioRunner/discovery``), a run hands it: each `context.config(T.self)` for a
/// config the scenario does not have, which it answers with a ``ValueSkeleton`` of `T`; the ports it found; and each
/// call of a key the scenario does not script, which it records (with its arguments, and for a synchronous method its
/// return type's skeleton) and leaves unanswered, without a finding: an asynchronous call then waits, as for a
/// `"never"` answer, and a synchronous one returns the mock's fallback.
package final class ScenarioDiscovery: @unchecked Sendable {
    /// A config the factory decoded: the member `key` of the scenario's `config` (the whole of it when `nil`).
    package struct Config: Sendable {
        package var key: String?
        package var typeName: String
        /// The skeleton given to the factory, or why none could be made.
        package var skeleton: Result<JSONValue, ValueSkeleton.Gap>
    }

    /// One input of the ViewModel.
    package struct Input: Sendable {
        /// The name steps send.
        package var name: String
        /// What a step sends it: nothing, a value of a type, or the payload of an enum case.
        package var value: Value

        package enum Value: Sendable {
            case none
            /// The skeleton of the input's type (`valueType`), or why none could be made.
            case value(typeName: String, Result<JSONValue, ValueSkeleton.Gap>)
            /// The skeleton of the case's payload (`{}` when it has none), or why none could be made.
            case payload(typeName: String, Result<JSONValue, ValueSkeleton.Gap>)
        }
    }

    /// A mock call the scenario did not script.
    package struct Call: Sendable {
        /// `Type.method`.
        package var key: String
        package var arguments: JSONObject
        /// For a synchronous method (answered at once), the skeleton of its return value (`null` for `Void`);
        /// `nil` for a method that answers later.
        package var immediateAnswer: Result<JSONValue, ValueSkeleton.Gap>?
    }

    private let lock = _Lock()
    private var configs: [Config] = []
    private var foundInputs: [Input] = []
    private var foundSettables: [String] = []
    /// The enum whose cases are inputs, when their names are not known.
    private var unnamedCases: String?
    private var madeCalls: [Call] = []
    /// Return skeletons of synchronous methods, by key, announced just before their calls.
    private var immediate: [String: Result<JSONValue, ValueSkeleton.Gap>] = [:]

    package init() {}

    /// The configs asked for, in order.
    package var requestedConfigs: [Config] { lock.withLock { configs } }
    /// The ViewModel's inputs, as the last run found them.
    package var inputs: [Input] { lock.withLock { foundInputs } }
    /// The `@Published` properties a `set` step may set that are no input, as the last run found them.
    package var settables: [String] { lock.withLock { foundSettables } }
    /// The name of the enum whose cases are inputs when the cases are not known (not `CaseIterable`, no
    /// `.inputCases([...])` in the catalog).
    package var enumWithUnknownCases: String? { lock.withLock { unnamedCases } }
    /// The full names (`Type.method(label:)`) of the calls, in the order of `madeCalls`.
    private var fullKeys: [String] = []

    /// The calls no response scripted, in order; overloads called under one short key are keyed by their full names
    /// (`DateProvider.transform(date:)`), as a scenario must script them.
    package var calls: [Call] {
        lock.withLock {
            var overloads: [String: Set<String>] = [:]
            for (call, fullKey) in zip(madeCalls, fullKeys) { overloads[call.key, default: []].insert(fullKey) }
            return zip(madeCalls, fullKeys).map { call, fullKey in
                var keyed = call
                if (overloads[call.key]?.count ?? 0) > 1 { keyed.key = fullKey }
                return keyed
            }
        }
    }

    /// A value of `type` for a config the scenario does not have.
    func config<T: Decodable>(_ type: T.Type, key: String?) throws -> T {
        let skeleton = ValueSkeleton.make(type)
        lock.withLock { configs.append(Config(key: key, typeName: String(describing: type), skeleton: skeleton)) }
        switch skeleton {
        case .success(let json): return try JSONValueDecoder().decode(type, from: json)
        case .failure(let gap):
            throw JSONError(
                message: "no config of type \(gap.typeName) can be made up: \(gap.reason)",
                hint: "give the config with --config '{…}'")
        }
    }

    /// Records the ports a run found.
    func found(_ ports: Ports) {
        var inputs: [Input] = ports.inputs.map { port in
            guard let type = port.valueType else { return Input(name: port.name, value: .none) }
            return Input(
                name: port.name, value: .value(typeName: String(describing: type), ValueSkeleton.make(type)))
        }
        var unnamed: String?
        if let enumInput = ports.enumInput {
            if let names = enumInput.caseNames {
                inputs += names.map { name in
                    Input(
                        name: name,
                        value: .payload(
                            typeName: enumInput.typeName, ValueSkeleton.make(case: name, of: enumInput.type)))
                }
            } else {
                unnamed = enumInput.typeName
            }
        }
        let inputNames = Set(inputs.map(\.name))
        let settables = ports.settables.map(\.name).filter { !inputNames.contains($0) }
        lock.withLock {
            foundInputs = inputs
            foundSettables = settables
            unnamedCases = unnamed
        }
    }

    /// Announces that the next call of `key` is answered at once, with a value of `type` (`nil` for `Void`).
    func answersAtOnce(_ key: String, returning type: Any.Type?) {
        let skeleton = type.map(ValueSkeleton.make) ?? .success(.null)
        lock.withLock { immediate[key] = skeleton }
    }

    /// Records a call no response scripts.
    func called(_ call: MockCall) {
        lock.withLock {
            madeCalls.append(
                Call(key: call.key, arguments: call.arguments, immediateAnswer: immediate.removeValue(forKey: call.key))
            )
            fullKeys.append(call.fullKey)
        }
    }
}
