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
    /// Unicode scalars are read one by one: a token may start with a combining mark, which a `Character` would join
    /// to the `/` before it.
    public init?(parsing text: String) {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else {
            tokens = []
            return
        }
        guard first == "/" else { return nil }
        var parsed: [String] = []
        var token = String.UnicodeScalarView()
        while let scalar = scalars.next() {
            switch scalar {
            case "/":
                parsed.append(String(token))
                token = String.UnicodeScalarView()
            case "~":
                switch scalars.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                default: return nil
                }
            default:
                token.append(scalar)
            }
        }
        parsed.append(String(token))
        tokens = parsed
    }

    /// The string form, e.g. `/steps/2/send`.
    public var description: String {
        var text = String.UnicodeScalarView()
        for token in tokens {
            text.append("/")
            for scalar in token.unicodeScalars {
                switch scalar {
                case "~": text.append(contentsOf: "~0".unicodeScalars)
                case "/": text.append(contentsOf: "~1".unicodeScalars)
                default: text.append(scalar)
                }
            }
        }
        return String(text)
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
