struct _JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let decoder: _JSONValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func child(_ key: some CodingKey) throws -> _JSONValueDecoder {
        guard let value = object[key.stringValue] else {
            let near = object.keys.first { $0.lowercased() == key.stringValue.lowercased() }
            throw decoder.error("expected a member \(JSONWriter.quoted(key.stringValue)), found none",
                                hint: near.map { "did you mean \(JSONWriter.quoted($0))?" }
                                    ?? (object.isEmpty ? nil : "add it next to " + Self.list(object.keys)))
        }
        return decoder.nested(value, at: decoder.path.appending(key))
    }

    private static func list(_ keys: [String]) -> String {
        let shown = keys.prefix(5).map { JSONWriter.quoted($0) }.joined(separator: ", ")
        return keys.count > 5 ? shown + ", …" : shown
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).value.isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).integer(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).integer(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).integer(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).integer(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).integer(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).integer(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).integer(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).integer(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).integer(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).integer(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = object[key.stringValue], !value.isNull else { return nil }
        return try decoder.nested(value, at: decoder.path.appending(key)).decodeValue(type)
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
        let value = object["super"] ?? .null
        return decoder.nested(value, at: decoder.path.appending(JSONCodingKey.superKey))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.nested(object[key.stringValue] ?? .null, at: decoder.path.appending(key))
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
        guard currentIndex < elements.count else {
            throw decoder.error("expected another element, found the end of an array of \(elements.count)")
        }
        defer { currentIndex += 1 }
        return decoder.nested(elements[currentIndex], at: decoder.path.appending(index: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elements.count, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().integer(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

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
