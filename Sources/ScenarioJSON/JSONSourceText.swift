/// The bytes of one JSON text with its file path: turns byte offsets into line:column and quotes lines.
struct JSONSourceText: Sendable {
    let path: String?
    let bytes: [UInt8]
    /// Locations learned so far (shared by copies).
    let index = JSONSourceIndex()

    init(path: String?, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The place of the byte at `offset` (clamped to the text; the end of the text is a valid place).
    /// - Complexity: O(log lines) plus the distance from the line start (or the previous place on the same line)
    ///   and the excerpt's width; the first call indexes the lines in O(text).
    /// With `valueEnd` (where the value that starts at `offset` ends), a value that goes on past its first line
    /// shows the lines that follow too (see ``SourceExcerpt/following``).
    func place(ofByte offset: Int, valueEnd: Int? = nil, referencedFrom: [SourceLocation] = []) -> JSONSourcePlace {
        let offset = min(max(offset, 0), bytes.count)
        let starts = index.lineStarts(in: bytes)
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let lineStart = starts[low]
        let column = index.column(of: offset, lineStart: lineStart, in: bytes)
        var excerpt = excerpt(around: offset, lineStart: lineStart, column: column)
        if let valueEnd, low + 1 < starts.count, starts[low + 1] < valueEnd {
            excerpt.following = following(from: low + 1, to: valueEnd, starts: starts)
        }
        return JSONSourcePlace(
            location: SourceLocation(path: path, line: low + 1, column: column), excerpt: excerpt,
            referencedFrom: referencedFrom)
    }

    /// The lines from line index `first` to the one holding the byte before `end`, each cut to
    /// ``SourceExcerpt/maxLength`` characters, at most ``SourceExcerpt/maxLines`` − 1 of them (the last `…` when
    /// there are more).
    private func following(from first: Int, to end: Int, starts: [Int]) -> [String] {
        var lines: [String] = []
        var line = first
        while line < starts.count, starts[line] < end {
            guard lines.count < SourceExcerpt.maxLines - 1 else {
                // `…` in the place of the last line shown, at its indentation.
                let last = lines[lines.count - 1]
                lines[lines.count - 1] = last.prefix { $0 == " " || $0 == "\t" } + "…"
                break
            }
            var stop = line + 1 < starts.count ? starts[line + 1] - 1 : bytes.count
            if line + 1 >= starts.count || starts[line + 1] > end { stop = min(stop, end) }
            if stop > starts[line], bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
            var text = printable(starts[line]..<max(starts[line], stop))
            if text.count > SourceExcerpt.maxLength { text = String(text.prefix(SourceExcerpt.maxLength - 1)) + "…" }
            lines.append(text)
            line += 1
        }
        return lines
    }

    /// The line around `offset`: all of it when it fits in `SourceExcerpt.maxLength` characters, else a window
    /// around the caret with `…` where it was cut.
    private func excerpt(around offset: Int, lineStart: Int, column: Int) -> SourceExcerpt {
        let budget = SourceExcerpt.maxLength - 2
        // Characters after the caret, counted only as far as an excerpt could show.
        var end = offset
        var after = 0
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), after <= SourceExcerpt.maxLength {
            // The '\r' of a line that ends with "\r\n" (or with '\r' at the end of the text) is no character of it.
            if bytes[end] == UInt8(ascii: "\r"), end + 1 == bytes.count || bytes[end + 1] == UInt8(ascii: "\n") {
                break
            }
            end += Self.characterLength(bytes, at: end)
            after += 1
        }
        let available = (before: column - 1, after: after)
        if available.before + available.after <= SourceExcerpt.maxLength {
            return SourceExcerpt(text: printable(lineStart..<end), caret: column)
        }
        let before = min(available.before, max(budget / 2, budget - available.after))
        let shownAfter = min(available.after, budget - before)
        var start = offset
        for _ in 0..<before { start = characterStart(before: start, from: lineStart) }
        end = offset
        for _ in 0..<shownAfter { end += Self.characterLength(bytes, at: end) }
        let cutStart = before < available.before
        let cutEnd = shownAfter < available.after
        return SourceExcerpt(
            text: (cutStart ? "…" : "") + printable(start..<end) + (cutEnd ? "…" : ""),
            caret: (cutStart ? 2 : 1) + before)
    }

    /// The bytes in `range` as text, one character per character of the text (see ``characterLength(_:at:)``): each
    /// control character but a tab shown as one '?' (a NUL or a raw escape would garble the quoted line), each byte
    /// that starts no UTF-8 sequence as one U+FFFD.
    private func printable(_ range: Range<Int>) -> String {
        var scalars = String.UnicodeScalarView()
        var position = range.lowerBound
        while position < range.upperBound {
            let byte = bytes[position]
            let length = min(Self.characterLength(bytes, at: position), range.upperBound - position)
            if byte < 0x80 {
                scalars.append(byte < 0x20 && byte != UInt8(ascii: "\t") ? "?" : Unicode.Scalar(byte))
            } else if length == 1 {
                scalars.append("\u{FFFD}")
            } else {
                scalars.append(
                    contentsOf: String(decoding: bytes[position..<position + length], as: UTF8.self).unicodeScalars)
            }
            position += length
        }
        return String(scalars)
    }

    /// How many bytes the character at `offset` takes: those of a valid UTF-8 sequence; else those of the longest
    /// start of one there (at least 1), shown as one U+FFFD as the standard library decodes it and editors show it.
    /// Columns and excerpts count characters this way.
    static func characterLength(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes[offset] < 0x80 ? 1 : JSONScanner.utf8Sequence(bytes, at: offset).length
    }

    /// Where the character that ends at `offset` starts, not before `lineStart`.
    private func characterStart(before offset: Int, from lineStart: Int) -> Int {
        if bytes[offset - 1] >= 0x80 {
            for length in 2...4 where offset - length >= lineStart {
                if Self.characterLength(bytes, at: offset - length) == length { return offset - length }
            }
        }
        return offset - 1
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

    /// The text of the number, literal or string token starting at `offset` (for messages), at most 40 characters.
    func token(atByte offset: Int) -> String {
        var end = offset
        let stops: Set<UInt8> = [
            UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\n"),
            UInt8(ascii: "\t"), UInt8(ascii: "\r"),
        ]
        while end < bytes.count, end - offset < 40, !stops.contains(bytes[end]) { end += 1 }
        let text = String(decoding: bytes[offset..<end], as: UTF8.self)
        return end < bytes.count && end - offset == 40 && !stops.contains(bytes[end]) ? text + "…" : text
    }
}
