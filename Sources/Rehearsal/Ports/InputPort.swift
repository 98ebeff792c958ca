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

    init(name: String, valueType: Any.Type?, deliver: @escaping @MainActor (InputDelivery) throws -> Void) {
        self.name = name
        self.valueType = valueType
        self.deliver = deliver
    }

    /// The value type as the README and errors name it (`Int`, `String?`), or `nil` for none.
    var valueTypeName: String? { valueType.map { String(describing: $0) } }
}

/// One step's value on its way into an input, with what is needed to point errors at it.
public struct InputDelivery {
    /// The step's `"value"`, if it has one.
    public let value: JSONValue?
    let document: JSONDocument
    let valuePointer: JSONPointer
    let stepPointer: JSONPointer
    let inputName: String

    /// Decodes the value into `type`; a missing value decodes as `null` (so optionals may omit it).
    /// - Throws: `JSONError` located at the value (or at the step when the value is missing).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
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
        var attempts: [JSONValue] = []
        switch value {
        case nil:
            attempts = [.object(JSONObject())]
        case .object(let object)?:
            attempts = [.object(object), Self.positional([.object(object)])]
        case .array(let elements)?:
            attempts = [Self.positional(elements), Self.positional([.array(elements)])]
        case let scalar?:
            attempts = [Self.positional([scalar])]
        }
        var lastError: (any Error)?
        for payload in attempts {
            var wrapper = JSONObject()
            wrapper[name] = payload
            do {
                return try JSONValueDecoder().decode(type, from: .object(wrapper))
            } catch {
                lastError = error
            }
        }
        let detail = (lastError as? JSONError)?.message ?? lastError.map { "\($0)" } ?? "no payload"
        throw document.error(
            at: value == nil ? stepPointer : valuePointer,
            "the value does not fit case '\(name)' of \(String(describing: type)): \(detail)",
            hint: value == nil ? "add \"value\": … with the case's payload" : "check the case's payload type")
    }

    private static func positional(_ elements: [JSONValue]) -> JSONValue {
        var object = JSONObject()
        for (index, element) in elements.enumerated() { object["_\(index)"] = element }
        return .object(object)
    }
}
