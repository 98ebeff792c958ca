/// Writes `JSONValue`s as canonical bytes: equal values give identical bytes on every run.
///
/// Object members keep their order; integers are written exactly; doubles in the shortest form that reads
/// back to the same value, always with a `.` or an exponent (`1.0`, `1e-07`) so they stay distinguishable
/// from integers; a non-finite double (which the parser never produces) is written as `null`. Strings escape
/// `"`, `\` and control characters (`\b \f \n \r \t`, others as `\u00XX`); `/` and non-ASCII stay as they are.
///
/// ```swift
/// let value: JSONValue = ["a": 1, "b": [1, 2]]
/// JSONWriter(style: .compact).string(value)   // {"a":1,"b":[1,2]}
/// JSONWriter(style: .spaced).string(value)    // {"a": 1, "b": [1, 2]}
/// ```
public struct JSONWriter: Sendable {
    /// How whitespace is laid out.
    public enum Style: Hashable, Sendable {
        /// No whitespace at all: `{"a":1,"b":[1,2]}`.
        case compact
        /// One line with `", "` and `": "` separators: `{"a": 1, "b": [1, 2]}`.
        case spaced
        /// Two-space indentation, one member or element per line.
        case pretty
        /// The golden timeline layout: a spaced top-level object whose array members named in `arrayKeys`
        /// are written one element per line, each element spaced and indented by two spaces:
        /// ```
        /// {"scenario": "x", "events": [
        ///   {"at": "0ms", "seq": 0, "input": "load"}
        /// ]}
        /// ```
        case timeline(arrayKeys: Set<String>)
    }

    /// The layout.
    public var style: Style

    /// Creates a writer with the given layout.
    public init(style: Style = .spaced) {
        self.style = style
    }

    /// The UTF-8 bytes of `value`, without a trailing newline.
    public func bytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        switch style {
        case .compact: Self.writeInline(value, spaced: false, into: &output)
        case .spaced: Self.writeInline(value, spaced: true, into: &output)
        case .pretty: Self.writePretty(value, indent: 0, into: &output)
        case .timeline(let arrayKeys): Self.writeTimeline(value, arrayKeys: arrayKeys, into: &output)
        }
        return output
    }

    /// `value` as a string, without a trailing newline.
    public func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// The shortest round-tripping text of a finite double, always with a `.` or an exponent; `null` otherwise.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value.description
    }

    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        QuotedText.quoted(text)
    }

    static func writeInline(_ value: JSONValue, spaced: Bool, into output: inout [UInt8]) {
        switch value {
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { writeSeparator(UInt8(ascii: ","), spaced: spaced, into: &output) }
                writeInline(element, spaced: spaced, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { writeSeparator(UInt8(ascii: ","), spaced: spaced, into: &output) }
                writeString(member.key, into: &output)
                writeSeparator(UInt8(ascii: ":"), spaced: spaced, into: &output)
                writeInline(member.value, spaced: spaced, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        default:
            writeScalar(value, into: &output)
        }
    }

    private static func writeSeparator(_ separator: UInt8, spaced: Bool, into output: inout [UInt8]) {
        output.append(separator)
        if spaced { output.append(UInt8(ascii: " ")) }
    }

    private static func writePretty(_ value: JSONValue, indent: Int, into output: inout [UInt8]) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                output.append(contentsOf: position > 0 ? [UInt8(ascii: ","), 0x0A] : [0x0A])
                writeIndent(indent + 1, into: &output)
                writePretty(element, indent: indent + 1, into: &output)
            }
            output.append(0x0A)
            writeIndent(indent, into: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                output.append(contentsOf: position > 0 ? [UInt8(ascii: ","), 0x0A] : [0x0A])
                writeIndent(indent + 1, into: &output)
                writeString(member.key, into: &output)
                output.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
                writePretty(member.value, indent: indent + 1, into: &output)
            }
            output.append(0x0A)
            writeIndent(indent, into: &output)
            output.append(UInt8(ascii: "}"))
        default:
            writeInline(value, spaced: true, into: &output)
        }
    }

    private static func writeIndent(_ level: Int, into output: inout [UInt8]) {
        for _ in 0..<level * 2 { output.append(UInt8(ascii: " ")) }
    }

    private static func writeTimeline(_ value: JSONValue, arrayKeys: Set<String>, into output: inout [UInt8]) {
        guard case .object(let object) = value else { return writeInline(value, spaced: true, into: &output) }
        output.append(UInt8(ascii: "{"))
        for (position, member) in object.members.enumerated() {
            if position > 0 { writeSeparator(UInt8(ascii: ","), spaced: true, into: &output) }
            writeString(member.key, into: &output)
            writeSeparator(UInt8(ascii: ":"), spaced: true, into: &output)
            guard arrayKeys.contains(member.key), case .array(let elements) = member.value, !elements.isEmpty else {
                writeInline(member.value, spaced: true, into: &output)
                continue
            }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                output.append(contentsOf: index > 0 ? [UInt8(ascii: ","), 0x0A] : [0x0A])
                writeIndent(1, into: &output)
                writeInline(element, spaced: true, into: &output)
            }
            output.append(contentsOf: [0x0A, UInt8(ascii: "]")])
        }
        output.append(UInt8(ascii: "}"))
    }

    private static func writeScalar(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number): output.append(contentsOf: String(number).utf8)
        case .double(let number): output.append(contentsOf: format(number).utf8)
        case .string(let text): writeString(text, into: &output)
        case .array, .object: writeInline(value, spaced: true, into: &output)
        }
    }

    static func writeString(_ text: String, into output: inout [UInt8]) {
        QuotedText.write(text, into: &output)
    }
}
