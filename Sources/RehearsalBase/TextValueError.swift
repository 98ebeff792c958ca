/// A text that is not a value of the type it should be (a duration, a date and time): what is wrong and how to fix
/// it, without a place. Whoever read the text from a file locates it (ScenarioJSON turns it into a located
/// `JSONError`).
///
/// ```swift
/// try ScenarioDuration(parsing: "5 ms")
/// // TextValueError(message: "expected one of the units ns, us, ms, s, m, h, found \"5 ms\"", hint: …)
/// ```
public struct TextValueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, usually "expected X, found Y".
    public var message: String
    /// What to do about it, starting with a verb.
    public var hint: String

    /// Creates an error.
    public init(message: String, hint: String) {
        self.message = message
        self.hint = hint
    }

    /// The house format of an error without a place: `error: message`, then `  hint: …`.
    public var description: String { "error: \(message)\n  hint: \(hint)" }
}

/// The kind of the value a decoder holds, for "expected X, found the integer 250" (a decoder that knows it says so).
public protocol ValueKindDescribing {
    /// `the integer 250`, `an array`.
    var valueKindDescription: String { get }
}

/// Text as a JSON string literal, quotes included: how messages quote what they found, and how ScenarioJSON writes
/// strings.
public enum QuotedText {
    /// The most characters a message shows of a text the user wrote (a path, a name): the rest is counted.
    public static let shownLength = 120

    /// `text`, or its first `limit` characters and how many more there are (`value.a.a.a… (199880 more
    /// characters)`), so that a message about a text of any length stays short.
    /// - Complexity: O(`limit`) for a long text, plus its length once to count the rest.
    public static func elided(_ text: String, limit: Int = shownLength) -> String {
        let shown = text.prefix(limit)
        guard shown.endIndex != text.endIndex else { return text }
        return shown + "… (\(text[shown.endIndex...].count) more characters)"
    }

    /// `text` in double quotes, with `"`, `\` and control characters escaped.
    public static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        write(text, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal to `output`.
    /// - Complexity: O(n) in the UTF-8 length; runs of bytes that need no escape are copied in one go.
    @inlinable
    public static func write(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { buffer in
            // Copy runs of bytes that need no escape in one go; most strings are a single run.
            var runStart = 0
            for position in 0..<buffer.count {
                let byte = buffer[position]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<position]))
                runStart = position + 1
                writeEscape(byte, into: &output)
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    @usableFromInline
    static func writeEscape(_ byte: UInt8, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default:
            // A control character: \u00XX in lowercase hexadecimal.
            let hex = { (digit: UInt8) in digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10 }
            output.append(contentsOf: "u00".utf8)
            output.append(hex(byte >> 4))
            output.append(hex(byte & 0xF))
        }
    }
}
