import CJSONC

/// Converts json-c's object tree into `JSONValue`s, counting object members so the parser can tell whether
/// json-c dropped a duplicate key. This is the hot path of parsing: no pointer tracking, no per-value checks
/// beyond finiteness; the JSON Pointer of a bad value is assembled only while an error unwinds.
struct JSONCConverter {
    struct Failure: Error {
        var reversedTokens: [String] = []
    }

    private(set) var members = 0
    /// Whether an object has two keys that are different bytes but equal strings (canonically equivalent, such as
    /// "é" written precomposed and decomposed): json-c keeps both, and a lookup by key would find only one.
    private(set) var hasEquivalentKeys = false

    mutating func convert(_ object: OpaquePointer?) throws(Failure) -> JSONValue {
        switch json_object_get_type(object) {
        case json_type_null:
            return .null
        case json_type_boolean:
            return .bool(json_object_get_boolean(object) != 0)
        case json_type_int:
            return .integer(json_object_get_int64(object))
        case json_type_double:
            let value = json_object_get_double(object)
            guard value.isFinite else { throw Failure() }
            return .double(value)
        case json_type_string:
            return .string(Self.string(object))
        case json_type_array:
            let count = json_object_array_length(object)
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                do {
                    elements.append(try convert(json_object_array_get_idx(object, index)))
                } catch {
                    var failure = error
                    failure.reversedTokens.append(String(index))
                    throw failure
                }
            }
            return .array(elements)
        case json_type_object:
            guard let table = json_object_get_object(object) else { return .object(JSONObject()) }
            let count = Int(table.pointee.count)
            members += count
            var members: [JSONObject.Member] = []
            members.reserveCapacity(count)
            var entry = table.pointee.head
            var hasNonASCIIKey = false
            while let current = entry {
                let key = current.pointee.k.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
                if !hasNonASCIIKey, key.utf8.contains(where: { $0 >= 0x80 }) { hasNonASCIIKey = true }
                do {
                    members.append(JSONObject.Member(key: key, value: try convert(OpaquePointer(current.pointee.v))))
                } catch {
                    var failure = error
                    failure.reversedTokens.append(key)
                    throw failure
                }
                entry = current.pointee.next
            }
            // Distinct ASCII keys are never equal strings; others are compared as strings.
            if hasNonASCIIKey, members.count > 1, Set(members.lazy.map(\.key)).count < members.count {
                hasEquivalentKeys = true
            }
            return .object(JSONObject(uniqueMembers: members))
        default:
            return .null
        }
    }

    private static func string(_ object: OpaquePointer?) -> String {
        guard let characters = json_object_get_string(object) else { return "" }
        let length = Int(json_object_get_string_len(object))
        return characters.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
