struct _JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let decoder: _JSONValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] {
        var keys: [Key] = []
        var unknown: [String] = []
        for member in object.members {
            if let key = Key(stringValue: member.key) { keys.append(key) } else { unknown.append(member.key) }
        }
        if !unknown.isEmpty {
            decoder.unknownMembers = _JSONUnknownMembers(names: unknown, isKey: { Key(stringValue: $0) != nil })
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { lookup(key.stringValue) != nil }

    /// The member named `name`. Types decode their keys mostly in the order they were written, so the member
    /// after the previous one found is compared first; any other order falls back to the object's lookup.
    private func lookup(_ name: String) -> JSONValue? {
        let members = object.members
        let hint = decoder.memberHint
        if hint < members.count, members[hint].key == name {
            decoder.memberHint = hint + 1
            return members[hint].value
        }
        guard let position = object.position(of: name) else { return nil }
        decoder.memberHint = position + 1
        return members[position].value
    }

    private func member(_ key: Key) throws -> JSONValue {
        if let value = lookup(key.stringValue) { return value }
        let name = JSONWriter.quoted(key.stringValue)
        if let misspelt = misspelling(of: key.stringValue) {
            // The object has the member under another spelling: the problem is at that key, and the fix renames it.
            let path = decoder.path
            var error = JSONError(
                message: "expected a member \(name), found \(JSONWriter.quoted(misspelt))",
                hint: "rename \(JSONWriter.quoted(misspelt)) to \(name)", pointer: path.pointer.appending(misspelt),
                codingPath: path.text)
            error.isAboutKey = true
            throw error
        }
        throw decoder.error("expected a member \(name), found none", hint: missingMemberHint(name))
    }

    /// How to add the missing member `name`: beside the members the type takes; and when the object holds members
    /// the type does not take (too far from `name` to be a misspelling, like `"debounceMs"` for
    /// `"debounceMilliseconds"`), that one of them may be meant, so the fix may be a rename.
    private func missingMemberHint(_ name: String) -> String {
        let keys = object.keys
        let strangers = self.strangers
        let known = keys.filter { Key(stringValue: $0) != nil }
        guard !strangers.isEmpty else {
            return keys.isEmpty ? "add \(name): <value> to the object" : "add it next to " + Self.list(keys)
        }
        let which =
            strangers.count == 1
            ? "\(JSONWriter.quoted(strangers[0])) is not a member of the type: rename it to \(name) if it is meant to "
                + "be that one"
            : "\(Self.list(strangers)) are not members of the type: rename the one that is meant to be \(name)"
        return known.isEmpty ? "add \(name): <value>; \(which)" : "add it next to \(Self.list(known)); \(which)"
    }

    /// A member of the object that is `name` misspelt: close to it, and no key of the type itself.
    private func misspelling(of name: String) -> String? {
        Suggestion.closest(to: name, in: strangers)
    }

    /// The object's members that are no key of the type, in the file's order.
    private var strangers: [String] { object.keys.filter { Key(stringValue: $0) == nil } }

    private func child(_ key: Key) throws -> _JSONValueDecoder {
        _JSONValueDecoder(value: try member(key), parent: decoder, step: JSONCodingPath.Component(key))
    }

    private static func list(_ keys: [String]) -> String {
        let shown = keys.prefix(5).map { JSONWriter.quoted($0) }.joined(separator: ", ")
        return keys.count > 5 ? shown + ", …" : shown
    }

    private func path(_ key: Key) -> JSONCodingPath { decoder.path.appending(key) }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).unboxBool(at: path(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).unboxString(at: path(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).unboxDouble(at: path(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).unboxFloat(at: path(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).unboxInt(at: path(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    private func integer<I: FixedWidthInteger>(_ type: I.Type, _ key: Key) throws -> I {
        try member(key).unboxInteger(type, at: path(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(type, from: member(key), at: JSONCodingPath.Component(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = lookup(key.stringValue), !value.isNull else { return nil }
        return try decoder.decode(type, from: value, at: JSONCodingPath.Component(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        _JSONValueDecoder(
            value: object["super"] ?? .null, parent: decoder, step: JSONCodingPath.Component(JSONCodingKey.superKey))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        _JSONValueDecoder(
            value: object[key.stringValue] ?? .null, parent: decoder, step: JSONCodingPath.Component(key))
    }
}

struct _JSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let decoder: _JSONValueDecoder
    private(set) var currentIndex = 0

    init(elements: [JSONValue], decoder: _JSONValueDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> _JSONValueDecoder {
        guard currentIndex < elements.count else { throw endError() }
        defer { currentIndex += 1 }
        return _JSONValueDecoder(value: elements[currentIndex], parent: decoder, step: .index(currentIndex))
    }

    private func endError() -> JSONError {
        decoder.error(
            "expected another element, found the end of an array of \(elements.count)",
            hint: "add the missing elements to the array")
    }

    private func path(_ index: Int) -> JSONCodingPath { decoder.path.appending(index: index) }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elements.count, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        guard currentIndex < elements.count else { throw endError() }
        defer { currentIndex += 1 }
        return try elements[currentIndex].unboxBool(at: path(currentIndex))
    }

    mutating func decode(_ type: String.Type) throws -> String {
        guard currentIndex < elements.count else { throw endError() }
        defer { currentIndex += 1 }
        return try elements[currentIndex].unboxString(at: path(currentIndex))
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        guard currentIndex < elements.count else { throw endError() }
        defer { currentIndex += 1 }
        return try elements[currentIndex].unboxDouble(at: path(currentIndex))
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        guard currentIndex < elements.count else { throw endError() }
        defer { currentIndex += 1 }
        return try elements[currentIndex].unboxFloat(at: path(currentIndex))
    }

    mutating func decode(_ type: Int.Type) throws -> Int {
        guard currentIndex < elements.count else { throw endError() }
        defer { currentIndex += 1 }
        return try elements[currentIndex].unboxInt(at: path(currentIndex))
    }

    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    private mutating func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard currentIndex < elements.count else { throw endError() }
        defer { currentIndex += 1 }
        return try elements[currentIndex].unboxInteger(type, at: path(currentIndex))
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard currentIndex < elements.count else { throw endError() }
        defer { currentIndex += 1 }
        return try decoder.decode(type, from: elements[currentIndex], at: .index(currentIndex))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
}
