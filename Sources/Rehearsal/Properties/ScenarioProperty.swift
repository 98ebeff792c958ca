import ScenarioJSON

/// One property a scenario states about its timeline (`"properties": […]` in the scenario file), checked after every
/// run: by `rehearsal run` in the default order and by `rehearsal explore` in every schedule it tries.
///
/// ```json
/// "properties": [
///   {"final": "results", "equals": {"$answer": "SearchRepository.search"}},
///   {"final": "isLoading", "equals": false},
///   {"never": {"output": "*"}, "after": {"route": "dismiss"}},
///   {"each": {"callback": "completion"}, "after": {"state": "person", "length": 4}},
///   {"count": {"call": "SearchRepository.search"}, "atMost": 2},
///   {"golden": "sameInstantOrder"}
/// ]
/// ```
public struct ScenarioProperty: Sendable {
    /// What must hold.
    public enum Rule: Sendable {
        /// The last event matching the pattern exists and its value meets the expectation.
        case final(EventPattern, ValueExpectation)
        /// No event matches the pattern (after the first event matching `after`, when given).
        case never(EventPattern, after: EventPattern?)
        /// Every event matching the pattern comes after some event matching `after`.
        case each(EventPattern, after: EventPattern)
        /// The number of events matching the pattern meets the expectation.
        case count(EventPattern, CountExpectation)
        /// The timeline equals the scenario's golden up to the order of events at the same virtual instant
        /// (checked by `rehearsal explore`; `rehearsal run` compares with the golden exactly anyway).
        case goldenUpToSameInstantOrder
    }

    /// What must hold.
    public var rule: Rule
    /// What the property means, for people (`"description"`), if the file gives it.
    public var description: String?
    /// Its position in `properties`.
    public var index: Int
    /// Its pointer (`/properties/0`).
    public var pointer: JSONPointer
}

/// Which timeline events a property talks about: `{"output": "results"}`, `{"route": "*"}`,
/// `{"state": "person", "length": 4}`, `{"failed": "results", "value": "offline"}` (an error by its case), or just a
/// name (`"results"`), which means an output or a state of that name.
public struct EventPattern: Sendable, Equatable {
    /// The kinds of events a pattern can name.
    public enum Kind: String, Sendable, CaseIterable {
        case output, state, route, callback, input, call, response, cancelled
        /// An output publisher that finished (`{"finished": "results"}`).
        case finished
        /// An output publisher that failed; its `value` is the error (`{"failed": "results", "value": "offline"}`).
        case failed
        /// An output or a state (a bare name).
        case outputOrState

        /// Whether events of `label` are of this kind.
        func accepts(_ label: TimelineEvent.Label) -> Bool {
            switch self {
            case .outputOrState: label == .output || label == .state
            case .output: label == .output
            case .state: label == .state
            case .route: label == .route
            case .callback: label == .callback
            case .input: label == .input
            case .call: label == .call
            case .response: label == .response
            case .cancelled: label == .cancelled
            case .finished: label == .finished
            case .failed: label == .failed
            }
        }
    }

    /// The kind of event.
    public var kind: Kind
    /// The output, state, callback or input name, the route's case, or the mock key; nil matches any (`"*"`).
    public var name: String?
    /// What the event's value must be, if the pattern says.
    public var value: ValueExpectation?

    /// Creates a pattern.
    public init(kind: Kind, name: String?, value: ValueExpectation? = nil) {
        self.kind = kind
        self.name = name
        self.value = value
    }
}

/// What a value must be: equal to a JSON value (or to a scripted answer), or an array of a number of elements.
public enum ValueExpectation: Sendable, Equatable {
    /// Equal as JSON (objects regardless of member order, `2` equal to `2.0`).
    case equals(ValueReference)
    /// An array (or object) with this many elements.
    case count(Int)
}

/// A value a property compares with.
public enum ValueReference: Sendable, Equatable {
    /// A value written in the property.
    case literal(JSONValue)
    /// `{"$answer": "Type.method"}`: the scripted answer (`return` or `throw` value) the call of that method got;
    /// `call` counts calls from 0, negative from the end (-1, the default, is the last call).
    case answer(key: String, call: Int)
    /// `{"$answers": "Type.method"}`: the scripted answers of every answered call of that method, in call order.
    case answers(key: String)
}

/// How many events a `count` property wants.
public enum CountExpectation: Sendable, Equatable {
    /// Exactly this many.
    case equals(Int)
    /// At least this many.
    case atLeast(Int)
    /// At most this many.
    case atMost(Int)
}
