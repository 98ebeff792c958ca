/// A file's path as the bytes the file system stores, so that a name that is not valid UTF-8 (a Linux file system
/// takes any byte but `/` and NUL) is found, read, written and reported as the file it is, instead of turning into
/// a different, missing path when it becomes a `String`.
///
/// It is what the pipeline carries from the command line and the folder walk to the worker protocol, the loader,
/// the goldens and the JSON results. Text for people is made once, at the edge: ``description`` shows a UTF-8 name
/// as it is and each byte of an invalid sequence as `\xFF`.
///
/// ```swift
/// let path = PathName(bytes: Array("Scenarios/bad-".utf8) + [0xFF] + Array(".json".utf8))
/// path.description              // "Scenarios/bad-\xFF.json"
/// path.string                   // nil: not UTF-8
/// PathName("Scenarios/a.json")  // from text; "Scenarios/a.json" as a literal too
/// ```
/// It encodes as a JSON string when it is UTF-8, and as `{"bytes": "<hex>", "shown": "…"}` when it is not.
public struct PathName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The bytes, without a NUL.
    public var bytes: [UInt8]

    /// The path of `text`, in UTF-8.
    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The path of `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The path written as a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The path as text when it is valid UTF-8.
    public var string: String? { String(validating: bytes, as: UTF8.self) }

    /// Whether the path is valid UTF-8.
    public var isUTF8: Bool { string != nil }

    /// The path for people: as it is when valid UTF-8, each byte of an invalid sequence written `\xFF` otherwise.
    public var description: String {
        string
            ?? shown { byte in
                let hex = String(byte, radix: 16, uppercase: true)
                return "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
    }

    /// The path as text, with each byte of an invalid UTF-8 sequence written as `invalid` says.
    public func shown(invalid: (UInt8) -> String) -> String {
        Self.shown(bytes, invalid: invalid)
    }

    /// The path as one argument of a shell command: as it is when valid UTF-8 (as commands in hints always wrote
    /// paths), `$'…'` with each byte of an invalid sequence as `\xFF` otherwise, which bash and zsh read back as the
    /// same bytes (`$'Scenarios/bad-\xff.json'`).
    public var shellArgument: String {
        if let string { return string }
        var text = "$'"
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\\"): text += "\\" + String(UnicodeScalar(byte))
            case 0x20..<0x7F: text += String(UnicodeScalar(byte))
            default:
                let hex = String(byte, radix: 16)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text + "'"
    }

    /// Whether it is empty.
    public var isEmpty: Bool { bytes.isEmpty }

    /// Whether it starts with `/`.
    public var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    /// Whether its bytes start with those of `prefix`.
    public func hasPrefix(_ prefix: String) -> Bool { bytes.starts(with: prefix.utf8) }

    /// Whether its bytes end with those of `suffix`.
    public func hasSuffix(_ suffix: String) -> Bool {
        let tail = Array(suffix.utf8)
        return bytes.count >= tail.count && Array(bytes[(bytes.count - tail.count)...]) == tail
    }

    /// The path without `suffix` at its end, or `nil` when it does not end with it.
    public func removingSuffix(_ suffix: String) -> PathName? {
        guard hasSuffix(suffix) else { return nil }
        return PathName(bytes: Array(bytes.dropLast(suffix.utf8.count)))
    }

    /// The path without `prefix` at its start, or `nil` when it does not start with it.
    public func removingPrefix(_ prefix: String) -> PathName? {
        guard hasPrefix(prefix) else { return nil }
        return PathName(bytes: Array(bytes.dropFirst(prefix.utf8.count)))
    }

    /// `other` appended after a `/` (`other` alone when this is empty or `.`, and an absolute `other` as it is).
    public func appending(_ other: PathName) -> PathName {
        if other.isAbsolute || bytes.isEmpty || bytes == [UInt8(ascii: ".")] { return other }
        if other.isEmpty { return self }
        return PathName(bytes: (bytes.last == UInt8(ascii: "/") ? bytes : bytes + [UInt8(ascii: "/")]) + other.bytes)
    }

    /// `component` appended after a `/`.
    public func appending(_ component: String) -> PathName { appending(PathName(component)) }

    /// The part after the last `/` (the whole path when it has none).
    public var lastComponent: PathName {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return self }
        return PathName(bytes: Array(bytes[(slash + 1)...]))
    }

    /// The part before the last `/`: `.` for a path without one, `/` for a file in the root folder.
    public var deletingLastComponent: PathName {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == 0 ? "/" : PathName(bytes: Array(bytes[..<slash]))
    }

    /// Calls `body` with the path as a NUL-terminated C string, for the system's calls.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { characters in
                // The buffer holds at least the NUL, so it always has a base address.
                guard let start = characters.baseAddress else { return try "".withCString(body) }
                return try body(start)
            }
        }
    }

    /// `bytes` as text with every byte of an invalid UTF-8 sequence written as `invalid` says.
    static func shown(_ bytes: [UInt8], invalid: (UInt8) -> String) -> String {
        var text = ""
        var position = 0
        while position < bytes.count {
            var end = position + 1
            var piece: String?
            while end <= bytes.count, end - position <= 4 {
                if let valid = String(validating: bytes[position..<end], as: UTF8.self) {
                    piece = valid
                    break
                }
                end += 1
            }
            if let piece {
                text += piece
                position = end
            } else {
                text += invalid(bytes[position])
                position += 1
            }
        }
        return text
    }
}

extension PathName: Comparable {
    /// Orders as people read paths (by ``description``), then by bytes: UTF-8 names keep the order of their text.
    public static func < (lhs: PathName, rhs: PathName) -> Bool {
        let left = lhs.description
        let right = rhs.description
        if left != right { return left < right }
        return lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}

extension PathName: Codable {
    private enum CodingKeys: String, CodingKey { case bytes, shown }

    /// Reads a JSON string (a UTF-8 path), or `{"bytes": "<hex>", …}` (any path).
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            self.init(text)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let hex = try container.decode(String.self, forKey: .bytes)
        guard let bytes = Self.bytes(hex: hex) else {
            throw DecodingError.dataCorruptedError(
                forKey: .bytes, in: container,
                debugDescription: "expected the path's bytes in hexadecimal, found \(hex)")
        }
        self.init(bytes: bytes)
    }

    /// Writes a JSON string when the path is UTF-8, else its bytes in hexadecimal and how it is shown.
    public func encode(to encoder: any Encoder) throws {
        if let string {
            var single = encoder.singleValueContainer()
            try single.encode(string)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(), forKey: .bytes)
        try container.encode(description, forKey: .shown)
    }

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let byte = UInt8(String(decoding: digits[index..<(index + 2)], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
            index += 2
        }
        return bytes
    }
}
