import ScenarioJSON

/// The decoder behind ``ValueSkeleton``: it answers every request with the plainest value and records it in its
/// slot.
struct SkeletonDecoder: Decoder {
    let slot: SkeletonSlot
    let context: SkeletonContext
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if case .object = slot.content {} else { slot.content = .object([]) }
        var forced: Key?
        if let name = context.forcedCase {
            // Only the enum at the top is told its case; what it holds is made as usual.
            context.forcedCase = nil
            forced = Key(stringValue: name)
        }
        return KeyedDecodingContainer(
            SkeletonKeyedContainer<Key>(slot: slot, context: context, codingPath: codingPath, forced: forced))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if case .array = slot.content {} else { slot.content = .array([]) }
        return SkeletonUnkeyedContainer(
            slot: slot, context: context, codingPath: codingPath, wanted: context.fillsArrays ? 1 : 0)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SkeletonSingleValueContainer(slot: slot, context: context, codingPath: codingPath)
    }
}

/// The plainest value of each type a container is asked for directly.
private func plain<T>(_ type: T.Type) -> (value: T, json: JSONValue)? {
    let candidates: [(Any, JSONValue)] = [
        (false, .bool(false)), ("text", .string("text")), (0, .integer(0)), (Int8(0), .integer(0)),
        (Int16(0), .integer(0)),
        (Int32(0), .integer(0)), (Int64(0), .integer(0)), (UInt(0), .integer(0)), (UInt8(0), .integer(0)),
        (UInt16(0), .integer(0)), (UInt32(0), .integer(0)), (UInt64(0), .integer(0)), (0.0, .integer(0)),
        (Float(0), .integer(0)),
    ]
    for (value, json) in candidates where Swift.type(of: value) == T.self {
        if let typed = value as? T { return (typed, json) }
    }
    return nil
}

private struct SkeletonKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let slot: SkeletonSlot
    let context: SkeletonContext
    var codingPath: [any CodingKey]
    /// The one key an enum's container lists (``ValueSkeleton/make(case:of:)``); none otherwise.
    let forced: Key?

    var allKeys: [Key] { forced.map { [$0] } ?? [] }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool {
        slot.member(key.stringValue).content = .value(.null)
        return true
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let member = slot.member(key.stringValue)
        if let plain = plain(type) {
            member.content = .value(plain.json)
            return plain.value
        }
        return try context.decode(type, into: member, path: codingPath + [key])
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        // An optional member is written as null: the plainest value that reads, and the member is shown.
        slot.member(key.stringValue).content = .value(.null)
        return nil
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let member = slot.member(key.stringValue)
        member.content = .object([])
        return KeyedDecodingContainer(
            SkeletonKeyedContainer<NestedKey>(
                slot: member, context: context, codingPath: codingPath + [key], forced: nil))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let member = slot.member(key.stringValue)
        member.content = .array([])
        return SkeletonUnkeyedContainer(
            slot: member, context: context, codingPath: codingPath + [key], wanted: context.fillsArrays ? 1 : 0)
    }

    func superDecoder() throws -> any Decoder {
        SkeletonDecoder(slot: slot.member("super"), context: context, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        SkeletonDecoder(slot: slot.member(key.stringValue), context: context, codingPath: codingPath + [key])
    }
}

private struct SkeletonUnkeyedContainer: UnkeyedDecodingContainer {
    let slot: SkeletonSlot
    let context: SkeletonContext
    var codingPath: [any CodingKey]
    /// How many elements the array gets.
    let wanted: Int
    var currentIndex = 0

    init(slot: SkeletonSlot, context: SkeletonContext, codingPath: [any CodingKey], wanted: Int) {
        self.slot = slot
        self.context = context
        self.codingPath = codingPath
        self.wanted = wanted
    }

    var count: Int? { wanted }
    var isAtEnd: Bool { currentIndex >= wanted }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "the array has \(wanted) element(s)"))
        }
        let element = slot.element()
        currentIndex += 1
        if let plain = plain(type) {
            element.content = .value(plain.json)
            return plain.value
        }
        return try context.decode(type, into: element, path: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        currentIndex += 1
        return try SkeletonDecoder(slot: slot.element(), context: context, codingPath: codingPath).container(
            keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return try SkeletonDecoder(slot: slot.element(), context: context, codingPath: codingPath).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        currentIndex += 1
        return SkeletonDecoder(slot: slot.element(), context: context, codingPath: codingPath)
    }
}

private struct SkeletonSingleValueContainer: SingleValueDecodingContainer {
    let slot: SkeletonSlot
    let context: SkeletonContext
    var codingPath: [any CodingKey]

    /// A value rather than `nil`: an optional at the top (an input of type `String?`) shows its wrapped type.
    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let plain = plain(type) {
            slot.content = .value(plain.json)
            return plain.value
        }
        return try context.decode(type, into: slot, path: codingPath)
    }
}
