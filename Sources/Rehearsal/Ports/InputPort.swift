import ScenarioJSON

/// An input a scenario step can `send`: a subject of the ViewModel's `Input`, a case of an enum input, or an
/// action declared in the catalog.
public struct InputPort {
    /// The name steps use.
    public let name: String
    /// The type of value the input takes; `nil` when it takes none.
    public let valueType: Any.Type?
    /// Delivers one step's value (already checked: present when `valueType` is set and non-optional).
    let deliver: @MainActor (InputDelivery) throws -> Void
    /// How many of the ViewModel's subscribers listen to the input now (the runner's own recording excluded), when
    /// that can be known (a subject's); `nil` for an input that is a method (an action).
    let listeners: (@MainActor () -> Int?)?
    /// Whether a `set` step may set it: a `CurrentValueSubject`, whose value setting sends.
    let settable: Bool

    init(
        name: String, valueType: Any.Type?, listeners: (@MainActor () -> Int?)? = nil, settable: Bool = false,
        deliver: @escaping @MainActor (InputDelivery) throws -> Void
    ) {
        self.name = name
        self.valueType = valueType
        self.listeners = listeners
        self.settable = settable
        self.deliver = deliver
    }

    /// The value type as the README and errors name it (`Int`, `String?`), or `nil` for none.
    var valueTypeName: String? { valueType.map { String(describing: $0) } }
}

/// A `@Published` property a `set` step sets, as a UI binding (`TextField(text: $viewModel.query)`) does: its
/// `objectWillChange` fires, then `$query` emits, then the value is stored.
struct SettablePort {
    /// The property's name.
    let name: String
    /// The property's type.
    let valueType: Any.Type
    /// Decodes the step's value and stores it.
    let set: @MainActor (InputDelivery) throws -> Void
}

/// One step's value on its way into an input, with what is needed to point errors at it.
public struct InputDelivery {
    /// The step's `"value"`, if it has one.
    public let value: JSONValue?
    /// The scenario the step is in (one reference, where a document would be several).
    let scenario: Scenario
    /// The scenario's file, for locating a value that does not fit.
    var document: JSONDocument { scenario.document }
    let valuePointer: JSONPointer
    let stepPointer: JSONPointer
    let inputName: String

    /// Decodes the value into `type`; a missing value decodes as `null` (so optionals may omit it).
    /// - Throws: `JSONError` located at the value (or at the step when the value is missing).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // The commonest values, as the decoder would give them, without its machinery.
        switch value {
        case .string(let text)?: if let text = text as? T { return text }
        case .bool(let flag)?: if let flag = flag as? T { return flag }
        default: break
        }
        guard value != nil else {
            if let decoded = try? JSONValueDecoder().decode(type, from: .null) { return decoded }
            throw document.error(
                at: stepPointer, "input '\(inputName)' needs a value of type \(String(describing: type))",
                hint: "add \"value\": … to the step")
        }
        return try JSONValueDecoder().decode(type, from: document, at: valuePointer)
    }

    /// Decodes the value as `{"<case>": payload}` into an enum with Swift's synthesised `Codable` shape.
    ///
    /// No value sends the payload-less case; an object is tried as the labelled payload, then as the single
    /// unlabelled value `_0`; an array is tried as `_0`, `_1`, …, then as `_0`; anything else is `_0`.
    func decodeCase<T: Decodable>(_ type: T.Type, named name: String) throws -> T {
        // Each attempt: the payload, and whether its members sit at the same paths as in the step's value (so an
        // error inside it can point into the file).
        var attempts: [(payload: JSONValue, mirrorsValue: Bool)] = []
        switch value {
        case nil:
            attempts = [(.object(JSONObject()), false)]
        case .object(let object)?:
            attempts = [(.object(object), true), (Self.positional([.object(object)]), false)]
        case .array(let elements)?:
            attempts = [(Self.positional(elements), false), (Self.positional([.array(elements)]), false)]
        case let scalar?:
            attempts = [(Self.positional([scalar]), false)]
        }
        // The failure of the attempt that got deepest into the payload says what is wrong (a member's type rather
        // than the fallback's missing `_0`); ties keep the first attempt's.
        var best: (error: any Error, depth: Int, mirrorsValue: Bool)?
        for attempt in attempts {
            var wrapper = JSONObject()
            wrapper[name] = attempt.payload
            do {
                return try JSONValueDecoder().decode(type, from: .object(wrapper))
            } catch {
                let depth = (error as? JSONError)?.pointer?.tokens.count ?? 0
                if best == nil || depth > best?.depth ?? 0 { best = (error, depth, attempt.mirrorsValue) }
            }
        }
        let failure = best?.error as? JSONError
        let detail = failure?.message ?? best.map { "\($0.error)" } ?? "no payload"
        var location = value == nil ? stepPointer : valuePointer
        var member = ""
        if best?.mirrorsValue == true, let tokens = failure?.pointer?.tokens, tokens.count > 1 {
            // Inside the labelled payload: point at the member and name it.
            for token in tokens.dropFirst() { location = location.appending(token) }
            member = tokens.dropFirst().joined(separator: ".") + ": "
        }
        throw document.error(
            at: location, "the value does not fit case '\(name)' of \(String(describing: type)): \(member)\(detail)",
            hint: value == nil
                ? "add \"value\": … with the case's payload" : failure?.hint ?? "check the case's payload type")
    }

    private static func positional(_ elements: [JSONValue]) -> JSONValue {
        var object = JSONObject()
        for (index, element) in elements.enumerated() { object["_\(index)"] = element }
        return .object(object)
    }
}
