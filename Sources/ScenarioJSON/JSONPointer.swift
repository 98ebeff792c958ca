/// An RFC 6901 JSON Pointer such as `/steps/2/send`, naming one value inside a document.
///
/// ```swift
/// let pointer = JSONPointer(["steps", "2", "send"])
/// pointer.description                    // "/steps/2/send"
/// try JSONPointer(parsing: "/a~1b/0")    // tokens ["a/b", "0"]
/// ```
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// The reference tokens, unescaped.
    public var tokens: [String]

    /// The pointer to the whole document (`""`).
    public static let root = JSONPointer([])

    /// Creates a pointer from unescaped reference tokens.
    public init(_ tokens: [String]) {
        self.tokens = tokens
    }

    /// Parses the string form (`""` or `/a/0`, with `~0` for `~` and `~1` for `/`); `nil` when malformed.
    public init?(parsing text: String) {
        if text.isEmpty {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else { return nil }
        var parsed: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var iterator = raw.makeIterator()
            while let character = iterator.next() {
                guard character == "~" else {
                    token.append(character)
                    continue
                }
                switch iterator.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                default: return nil
                }
            }
            parsed.append(token)
        }
        tokens = parsed
    }

    /// The string form, e.g. `/steps/2/send`.
    public var description: String {
        tokens.map { "/" + $0.replacingAll("~", with: "~0").replacingAll("/", with: "~1") }.joined()
    }

    /// This pointer with `token` appended.
    public func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens + [token])
    }

    /// This pointer with an array index appended.
    public func appending(_ index: Int) -> JSONPointer {
        JSONPointer(tokens + [String(index)])
    }

    /// This pointer followed by all tokens of `other`.
    public func appending(_ other: JSONPointer) -> JSONPointer {
        JSONPointer(tokens + other.tokens)
    }

    /// Whether `prefix`'s tokens start this pointer's tokens.
    public func hasPrefix(_ prefix: JSONPointer) -> Bool {
        tokens.starts(with: prefix.tokens)
    }

    /// The token as an array index (digits only, no leading zero), or `nil`.
    static func arrayIndex(_ token: String) -> Int? {
        guard let first = token.utf8.first, first != UInt8(ascii: "0") || token.utf8.count == 1,
            token.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(token)
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
