/// The members of a JSON object in insertion order, with hashed lookup for larger objects.
///
/// ```swift
/// var object = JSONObject()
/// object["b"] = 1
/// object["a"] = 2
/// object.keys   // ["b", "a"]
/// ```
/// Two objects are equal when they have the same members in the same order (the order is part of the
/// canonical form the writer produces).
/// - Complexity: lookup is O(1) on average (a linear scan for objects of up to 8 members).
public struct JSONObject: Hashable, Sendable, Sequence {
    /// One member: a key and its value.
    public struct Member: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONValue

        /// Creates a member.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in order.
    public private(set) var members: [Member]
    private var index: [String: Int]?

    private static let indexThreshold = 8

    /// Creates an empty object.
    public init() {
        members = []
        index = nil
    }

    /// Creates an object from members whose keys are known to be distinct.
    init(uniqueMembers members: [Member]) {
        self.members = members
        index = nil
        if members.count > Self.indexThreshold { buildIndex() }
    }

    /// The keys in order.
    /// - Complexity: O(n); iterate `members` to avoid building the array.
    public var keys: [String] { members.map(\.key) }

    /// The values in the order of `keys`.
    /// - Complexity: O(n).
    public var values: [JSONValue] { members.map(\.value) }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The value for `key`; setting a new key appends it, setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return members[position].value
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    index = nil
                    if members.count > Self.indexThreshold { buildIndex() }
                }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
                if index != nil {
                    index?[key] = members.count - 1
                } else if members.count > Self.indexThreshold {
                    buildIndex()
                }
            }
        }
    }

    /// The position of `key` in `members`, or `nil`.
    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    /// The members in order as `(key, value)` pairs.
    public func makeIterator() -> AnyIterator<(key: String, value: JSONValue)> {
        var iterator = members.makeIterator()
        return AnyIterator { iterator.next().map { (key: $0.key, value: $0.value) } }
    }

    private mutating func buildIndex() {
        var built = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() { built[member.key] = position }
        index = built
    }

    /// Objects are equal when they have the same members in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members == rhs.members
    }

    /// Hashes the members in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(members)
    }
}
