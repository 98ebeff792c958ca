import Foundation

/// Encodes any `Encodable` into a `JSONValue`.
///
/// Members keep the order the type encodes them in (synthesised `Codable` uses declaration order);
/// dictionaries with `String` or `Int` keys are written with their keys sorted (numerically for `Int`, whose
/// keys become strings such as `"7"`), so the result is the same on every run. Non-finite doubles and
/// `UInt64` values above `Int64.max` are errors, never silently changed.
///
/// ```swift
/// struct Event: Encodable { var at = "0ms"; var seq = 0 }
/// try JSONValueEncoder().encode(Event())   // {"at": "0ms", "seq": 0}
/// ```
public struct JSONValueEncoder: Sendable {
    /// How `Date` values are written.
    public enum DateEncodingStrategy: Sendable {
        /// A number of seconds since 2001-01-01T00:00:00Z, `Date`'s own `Codable` form and what Apple's
        /// `JSONEncoder` writes by default. The default.
        case deferredToDate
        /// A number of seconds since 1970-01-01T00:00:00Z.
        case secondsSince1970
        /// An integer number of milliseconds since 1970-01-01T00:00:00Z (rounded down).
        case millisecondsSince1970
        /// An ISO 8601 string in UTC such as `2026-11-29T12:00:00Z`, with fractional seconds when the date has
        /// them (`.250` for whole milliseconds, else to the microsecond).
        case iso8601
    }

    /// How `Date` values are written. `Data` is always base64 text, `URL` its absolute string, `Decimal` a number
    /// and `IndexPath` an array of integers, as Apple's `JSONEncoder` writes them.
    public var dateEncodingStrategy: DateEncodingStrategy
    /// Values for `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates an encoder.
    public init(
        dateEncodingStrategy: DateEncodingStrategy = .deferredToDate,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.dateEncodingStrategy = dateEncodingStrategy
        self.userInfo = userInfo
    }

    /// The value `value` encodes to.
    /// - Throws: `JSONError` naming the coding path of a value that cannot be represented.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let node = _JSONEncodingNode()
        do {
            try _JSONValueEncoder(node: node, path: .root, options: self).encodeValue(value)
        } catch let error as EncodingError {
            if case .invalidValue(_, let context) = error {
                throw JSONError(
                    message: context.debugDescription, codingPath: JSONCodingPath.render(context.codingPath))
            }
            throw JSONError(message: String(describing: error))
        }
        return node.value
    }
}

/// A value under construction; containers share nodes so nested containers can be filled in any order.
final class _JSONEncodingNode {
    enum Content {
        case empty
        case value(JSONValue)
        case object(keys: [String], nodes: [_JSONEncodingNode])
        case array([_JSONEncodingNode])
    }

    var content: Content = .empty

    init() {}

    init(_ value: JSONValue) {
        content = .value(value)
    }

    var value: JSONValue {
        switch content {
        case .empty: return .object(JSONObject())
        case .value(let value): return value
        case .object(let keys, let nodes):
            return .object(
                JSONObject(uniqueMembers: zip(keys, nodes).map { JSONObject.Member(key: $0, value: $1.value) }))
        case .array(let nodes): return .array(nodes.map(\.value))
        }
    }

    /// Sets the member `key`, replacing an earlier one in place.
    func set(_ key: String, _ node: _JSONEncodingNode) {
        guard case .object(var keys, var nodes) = content else {
            content = .object(keys: [key], nodes: [node])
            return
        }
        content = .empty
        if let position = keys.firstIndex(of: key) {
            nodes[position] = node
        } else {
            keys.append(key)
            nodes.append(node)
        }
        content = .object(keys: keys, nodes: nodes)
    }

    func append(_ node: _JSONEncodingNode) {
        guard case .array(var nodes) = content else {
            content = .array([node])
            return
        }
        content = .empty
        nodes.append(node)
        content = .array(nodes)
    }

    func makeObject() {
        if case .object = content { return }
        content = .object(keys: [], nodes: [])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }
}

/// The `Encoder` the bridge hands to `encode(to:)`.
struct _JSONValueEncoder: Encoder {
    let node: _JSONEncodingNode
    let path: JSONCodingPath
    let options: JSONValueEncoder

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(_JSONKeyedEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return _JSONUnkeyedEncodingContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func child(_ node: _JSONEncodingNode, at path: JSONCodingPath) -> _JSONValueEncoder {
        _JSONValueEncoder(node: node, path: path, options: options)
    }

    func invalid(_ message: String) -> JSONError {
        JSONError(message: message, pointer: path.pointer, codingPath: path.text)
    }
}
