/// The bytes of one JSON text with its file path: turns byte offsets into line:column and quotes lines.
struct JSONSourceText: Sendable {
    let path: String?
    let bytes: [UInt8]

    /// The location of the byte at `offset` (clamped to the text; the end of the text is a valid place).
    func location(ofByte offset: Int, referenceChain: [String] = []) -> JSONSourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        var lineStart = 0
        var line = 1
        var position = 0
        while position < offset {
            if bytes[position] == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
        var lineEnd = lineStart
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        var contentEnd = lineEnd
        if contentEnd > lineStart, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
        // A column counts Unicode scalars: every byte that is not a UTF-8 continuation byte starts one.
        let column = 1 + bytes[lineStart..<offset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        let sourceLine = String(decoding: bytes[lineStart..<contentEnd], as: UTF8.self)
        return JSONSourceLocation(
            path: path, line: line, column: column, sourceLine: sourceLine, referenceChain: referenceChain)
    }

    /// A short description of what is at `offset`: `'}'`, `end of file`, or a byte in hex.
    func found(atByte offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return "end of line"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case UInt8(ascii: " "): return "' '"
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
        }
    }

    /// The text of the number, literal or string token starting at `offset` (for messages).
    func token(atByte offset: Int) -> String {
        var end = offset
        let stops: Set<UInt8> = [
            UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\n"),
            UInt8(ascii: "\t"), UInt8(ascii: "\r"),
        ]
        while end < bytes.count, !stops.contains(bytes[end]) { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }
}
