import Foundation
import RehearsalBase

/// Dictionaries whose entries the encoder writes in sorted key order.
protocol _JSONSortedDictionary {
    /// The entries sorted by key, or `nil` when the keys are neither `String` nor `Int`.
    func sortedMembers() -> [(key: String, value: any Encodable)]?
}

extension Dictionary: _JSONSortedDictionary where Key: Comparable & CustomStringConvertible, Value: Encodable {
    func sortedMembers() -> [(key: String, value: any Encodable)]? {
        guard Key.self == String.self || Key.self == Int.self else { return nil }
        return keys.sorted().map { (key: $0.description, value: self[$0] as any Encodable) }
    }
}

/// Sets, whose elements the encoder writes sorted by their canonical JSON text (a `Set`'s own order changes from
/// run to run).
protocol _JSONSortedSet {
    /// The elements, to be encoded one by one.
    var encodableElements: [any Encodable] { get }
}

extension Set: _JSONSortedSet where Element: Encodable {
    var encodableElements: [any Encodable] { map { $0 as any Encodable } }
}

/// Any dictionary: those the sorted-dictionary path does not cover are re-ordered after encoding.
protocol _JSONAnyDictionary {}

extension Dictionary: _JSONAnyDictionary where Key: Encodable, Value: Encodable {}

/// Whether `type` is a standard library `Array`, `Set` or `Dictionary`: the only types that can conform to the
/// encoder's and decoder's own collection protocols (`_JSONSortedSet`, `_JSONDirectDecodable`, …), which are
/// internal to this module. Asked before those casts, which scan every conformance the process has the first time
/// a type meets them; found once per type.
func isStandardCollection(_ type: Any.Type) -> Bool {
    standardCollections.value(for: type) {
        let name = _typeName(type, qualified: true)
        return name.hasPrefix("Swift.Array<") || name.hasPrefix("Swift.Set<") || name.hasPrefix("Swift.Dictionary<")
    }
}

private let standardCollections = TypeMemo<Bool>()

/// Whether values of a type take one of the encoder's special paths (`JSONValue`, `Date`, `Data`, `URL`,
/// `Decimal`, `IndexPath`, sets and dictionaries) or their own `encode(to:)`, found once per type: the casts that tell
/// it cost more than encoding a small value, and most types take no special path.
enum _EncodingKind {
    case plain, special

    private static let known = TypeMemo<_EncodingKind>()

    static func of(_ type: any Encodable.Type) -> _EncodingKind {
        known.value(for: type) {
            let special =
                type == JSONValue.self || type == Date.self || type == Data.self || type == URL.self
                || type == Decimal.self || type == IndexPath.self
                || isStandardCollection(type)
                    && (type is any _JSONSortedSet.Type || type is any _JSONSortedDictionary.Type
                        || type is any _JSONAnyDictionary.Type)
            return special ? .special : .plain
        }
    }
}

extension _JSONValueEncoder: SingleValueEncodingContainer {
    func set(_ value: JSONValue) { node.content = .value(value) }

    func encodeNil() throws { set(.null) }
    func encode(_ value: Bool) throws { set(.bool(value)) }
    func encode(_ value: String) throws { set(.string(value)) }
    func encode(_ value: Double) throws {
        guard value.isFinite else { throw invalid("expected a finite number, found \(value)") }
        set(.double(value))
    }
    func encode(_ value: Float) throws {
        guard value.isFinite else { throw invalid("expected a finite number, found \(value)") }
        // Float's own shortest form, so 0.1 as Float is written 0.1, not 0.10000000149011612.
        set(.double(Double(value.description) ?? Double(value)))
    }
    func encode(_ value: Int) throws { set(.integer(Int64(value))) }
    func encode(_ value: Int8) throws { set(.integer(Int64(value))) }
    func encode(_ value: Int16) throws { set(.integer(Int64(value))) }
    func encode(_ value: Int32) throws { set(.integer(Int64(value))) }
    func encode(_ value: Int64) throws { set(.integer(value)) }
    func encode(_ value: UInt) throws { try encodeUnsigned(value) }
    func encode(_ value: UInt8) throws { set(.integer(Int64(value))) }
    func encode(_ value: UInt16) throws { set(.integer(Int64(value))) }
    func encode(_ value: UInt32) throws { set(.integer(Int64(value))) }
    func encode(_ value: UInt64) throws { try encodeUnsigned(value) }
    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }

    private func encodeUnsigned<U: UnsignedInteger & FixedWidthInteger>(_ value: U) throws {
        guard let exact = Int64(exactly: value) else {
            throw invalid("expected an integer up to 9223372036854775807, found \(value)")
        }
        set(.integer(exact))
    }

    /// Encodes `value`, handling `JSONValue`, `Date`, `Data`, `URL`, `Decimal`, `IndexPath` and sorted dictionaries
    /// specially.
    func encodeValue<T: Encodable>(_ value: T) throws {
        switch _EncodingKind.of(T.self) {
        case .plain:
            try value.encode(to: self)
        case .special:
            try encodeSpecial(value)
        }
    }

    private func encodeSpecial(_ value: some Encodable) throws {
        switch value {
        case let json as JSONValue:
            set(json)
        case let date as Date:
            try encodeDate(date)
        case let data as Data:
            set(.string(data.base64EncodedString()))
        case let url as URL:
            set(.string(url.absoluteString))
        case let decimal as Decimal:
            try encodeDecimal(decimal)
        case let indexPath as IndexPath:
            set(.array(indexPath.map { .integer(Int64($0)) }))
        case let elementSet as any _JSONSortedSet:
            let encoder = JSONValueEncoder(
                dateEncodingStrategy: options.dateEncodingStrategy, userInfo: options.userInfo)
            let writer = JSONWriter(style: .compact)
            let elements = try elementSet.encodableElements.map { try encoder.encode($0) }
            set(.array(elements.map { (writer.string($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)))
        case let dictionary as any _JSONSortedDictionary:
            guard let members = dictionary.sortedMembers() else { return try encodeKeyedPairsSorted(value) }
            node.makeObject()
            for member in members {
                let child = _JSONEncodingNode()
                try self.child(child, at: path.appending(JSONCodingKey(stringValue: member.key)))
                    .encodeValue(member.value)
                node.set(member.key, child)
            }
        case is any _JSONAnyDictionary:
            try encodeKeyedPairsSorted(value)
        default:
            try value.encode(to: self)
        }
    }

    /// A dictionary whose keys are neither `String` nor `Int` encodes (as Codable does) as `[key, value, …]`, or
    /// as an object for `CodingKeyRepresentable` keys; either way its entries are sorted by key so the output does
    /// not follow the hash order.
    private func encodeKeyedPairsSorted(_ value: some Encodable) throws {
        // Encode through the type's own `encode(to:)` into a separate node (not `encodeValue`, which would come
        // back here), then reorder.
        let scratch = _JSONEncodingNode()
        try value.encode(to: _JSONValueEncoder(node: scratch, path: path, options: options))
        let encoded = scratch.value
        if case .object(let object) = encoded {
            var sorted = JSONObject()
            for key in object.keys.sorted() { sorted[key] = object[key] }
            set(.object(sorted))
            return
        }
        guard case .array(let flat) = encoded, flat.count % 2 == 0 else {
            set(encoded)
            return
        }
        let writer = JSONWriter(style: .compact)
        let pairs = stride(from: 0, to: flat.count, by: 2).map { (key: flat[$0], value: flat[$0 + 1]) }
        let sorted = pairs.sorted { writer.string($0.key) < writer.string($1.key) }
        set(.array(sorted.flatMap { [$0.key, $0.value] }))
    }

    /// A whole decimal that fits is an integer; others are the nearest double (its shortest form is the decimal's
    /// digits for up to 17 significant digits).
    private func encodeDecimal(_ decimal: Decimal) throws {
        guard decimal.isFinite else { throw invalid("expected a finite number, found \(decimal)") }
        let text = decimal.description
        if let integer = Int64(text) { return set(.integer(integer)) }
        guard let double = Double(text), double.isFinite else {
            throw invalid("expected a number a double can hold, found \(decimal)")
        }
        set(.double(double))
    }

    private func encodeDate(_ date: Date) throws {
        switch options.dateEncodingStrategy {
        case .deferredToDate:
            try encode(date.timeIntervalSinceReferenceDate)
        case .secondsSince1970:
            try encode(date.timeIntervalSince1970)
        case .millisecondsSince1970:
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
            guard let exact = Int64(exactly: milliseconds) else {
                throw invalid("expected a date within Int64 milliseconds, found \(date)")
            }
            set(.integer(exact))
        case .iso8601:
            set(.string(ISO8601Timestamp.string(from: date)))
        }
    }
}
