/// A coding path kept as a linked list, so decoding and encoding only build `[CodingKey]` arrays when asked.
indirect enum JSONCodingPath: Sendable {
    case root
    case key(String, Int?, parent: JSONCodingPath)
    case index(Int, parent: JSONCodingPath)

    func appending(_ key: some CodingKey) -> JSONCodingPath {
        .key(key.stringValue, key.intValue, parent: self)
    }

    func appending(index: Int) -> JSONCodingPath {
        .index(index, parent: self)
    }

    /// One step of a path, kept unallocated until a child decoder needs the whole path.
    enum Component {
        case key(String, Int?)
        case index(Int)

        init(_ key: some CodingKey) {
            self = .key(key.stringValue, key.intValue)
        }
    }

    func appending(_ component: Component) -> JSONCodingPath {
        switch component {
        case .key(let name, let intValue): return .key(name, intValue, parent: self)
        case .index(let index): return .index(index, parent: self)
        }
    }

    /// The path as `CodingKey`s, outermost first.
    var keys: [any CodingKey] {
        var result: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root: return result.reversed()
            case .key(let name, let intValue, let parent):
                result.append(JSONCodingKey(stringValue: name, intValue: intValue))
                node = parent
            case .index(let index, let parent):
                result.append(JSONCodingKey(index: index))
                node = parent
            }
        }
    }

    /// The JSON Pointer of the value at this path.
    var pointer: JSONPointer {
        JSONPointer(keys.map { ($0 as? JSONCodingKey)?.isIndex == true ? String($0.intValue ?? 0) : $0.stringValue })
    }

    /// The path as users read it: `config.storeId`, `steps[2].send`.
    var text: String { Self.render(keys) }

    static func render(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let key = key as? JSONCodingKey, key.isIndex {
                text += "[\(key.intValue ?? 0)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    static func pointer(_ keys: [any CodingKey]) -> JSONPointer {
        JSONPointer(
            keys.map { key in
                if let key = key as? JSONCodingKey, key.isIndex { return String(key.intValue ?? 0) }
                if key.stringValue.hasPrefix("Index "), let index = key.intValue { return String(index) }
                return key.stringValue
            })
    }
}

/// The coding key ScenarioJSON uses for array indices, `super` and keys built from JSON member names.
public struct JSONCodingKey: CodingKey, Hashable, Sendable {
    /// The member name (or the index as text).
    public var stringValue: String
    /// The integer value, for array indices and integer keys.
    public var intValue: Int?
    /// Whether this key is an array index.
    public var isIndex: Bool

    /// A key for a member name.
    public init(stringValue: String) {
        self.init(stringValue: stringValue, intValue: nil)
    }

    /// A key for an integer dictionary key.
    public init(intValue: Int) {
        self.init(stringValue: String(intValue), intValue: intValue)
    }

    init(stringValue: String, intValue: Int?) {
        self.stringValue = stringValue
        self.intValue = intValue
        isIndex = false
    }

    /// A key for an array index.
    public init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
        isIndex = true
    }

    static let superKey = JSONCodingKey(stringValue: "super")
}
