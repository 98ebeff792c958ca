/// The members of a JSON object in insertion order, with hashed lookup for larger objects.
///
/// ```swift
/// var object = JSONObject()
/// object["b"] = 1
/// object["a"] = 2
/// object.keys   // ["b", "a"]
/// ```
/// - Complexity: lookup is O(1) on average (a linear scan for objects of up to 8 members).
public struct JSONObject: Hashable, Sendable, Sequence {
    /// The keys in order.
    public private(set) var keys: [String]
    /// The values, in the same order as `keys`.
    public private(set) var values: [JSONValue]
    private var index: [String: Int]?

    private static let indexThreshold = 8

    /// Creates an empty object.
    public init() {
        keys = []
        values = []
        index = nil
    }

    /// Creates an object from members whose keys are known to be distinct.
    init(uniqueKeys keys: [String], values: [JSONValue]) {
        self.keys = keys
        self.values = values
        index = nil
        if keys.count > Self.indexThreshold { buildIndex() }
    }

    /// The number of members.
    public var count: Int { keys.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for `key`; setting a new key appends it, setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return values[position]
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                    index = nil
                    if keys.count > Self.indexThreshold { buildIndex() }
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                if index != nil {
                    index?[key] = keys.count - 1
                } else if keys.count > Self.indexThreshold {
                    buildIndex()
                }
            }
        }
    }

    /// The position of `key` in `keys`, or `nil`.
    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    /// The members in order as `(key, value)` pairs.
    public func makeIterator() -> Zip2Sequence<[String], [JSONValue]>.Iterator {
        zip(keys, values).makeIterator()
    }

    private mutating func buildIndex() {
        var built = [String: Int](minimumCapacity: keys.count)
        for (position, key) in keys.enumerated() { built[key] = position }
        index = built
    }

    /// Objects are equal when they have the same members in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }

    /// Hashes the members in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(values)
    }
}
