import ScenarioJSON

/// One input file as diagnostics count places in it: lines split at `\n`, 1-based columns counting characters (a
/// valid UTF-8 sequence, or the longest start of one, shown as one U+FFFD). The checks here are written apart from
/// the parser's line index (UTF-8 read by the standard library), so that a wrong location is caught, not repeated.
public struct FuzzText: Sendable {
    /// The path the file was given as.
    public let path: String
    /// The file's bytes.
    public let bytes: [UInt8]
    private let lineStarts: [Int]

    /// Indexes the lines of `bytes`.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The byte offset of `line`:`column`, or `nil` when the text has no such place. The end of a line (the
    /// position of its `\n`, or the end of the text) is a place.
    public func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        let end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        var offset = lineStarts[line - 1]
        var remaining = column - 1
        while remaining > 0 {
            guard offset < end else { return nil }
            offset += characterLength(at: offset)
            remaining -= 1
        }
        return offset
    }

    /// The byte offset `location` names in this file; stops the target when it names another file or no place in
    /// this one.
    public func offset(of location: SourceLocation?, _ what: @autoclosure () -> String) -> Int {
        guard let location, location.path == path, let line = location.line, let column = location.column,
            let offset = offset(line: line, column: column)
        else {
            fatalError("\(what()): located at \(shown(location)), not in \(path)")
        }
        return offset
    }

    /// Checks that `error` is located inside this file, quotes its line with the caret where it is located, and has
    /// a hint.
    public func checkLocated(_ error: JSONError) {
        let what = "the error '\(error.headline)'"
        checkExcerpt(error.excerpt, at: offset(of: error.location, what), what)
        fuzzCheck(error.hint.map { !$0.isEmpty } ?? false, "\(what) has no hint")
    }

    /// Checks that `excerpt` quotes the line of `offset` (all of it when it fits, else a window with `…` at a cut
    /// end) with its caret under the character at `offset`.
    public func checkExcerpt(_ excerpt: SourceExcerpt?, at offset: Int, _ what: @autoclosure () -> String) {
        guard let excerpt else { fatalError("\(what()): no excerpt") }
        let lineIndex = lineStarts.lastIndex { $0 <= offset } ?? 0
        let start = lineStarts[lineIndex]
        var end = lineIndex + 1 < lineStarts.count ? lineStarts[lineIndex + 1] - 1 : bytes.count
        // A line's final '\r' (before "\n" or the end of the text) is shown only when the place is after it.
        if end > offset, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = characters(start..<end)
        var shown = Array(excerpt.text.unicodeScalars)
        var caret = excerpt.caret
        if line.count <= SourceExcerpt.maxLength {
            fuzzCheck(shown == line, "\(what()): the excerpt \(excerpt.text.debugDescription) is not its whole line")
        } else {
            fuzzCheck(shown.count <= SourceExcerpt.maxLength, "\(what()): an excerpt of \(shown.count) characters")
            let cutStart = shown.first == "…" && !line.starts(with: shown.dropLast())
            if cutStart {
                shown.removeFirst()
                caret -= 1
            }
            if shown.last == "…" { shown.removeLast() }
            let found =
                line.count >= shown.count
                && (0...(line.count - shown.count)).contains { line[$0..<$0 + shown.count].elementsEqual(shown) }
            fuzzCheck(found, "\(what()): the excerpt \(excerpt.text.debugDescription) is not part of its line")
        }
        // The caret is under the character at `offset`.
        guard offset < end else { return }
        let character = characters(offset..<offset + characterLength(at: offset)).first
        fuzzCheck(
            caret >= 1 && caret <= shown.count && shown[caret - 1] == character,
            "\(what()): the caret (\(excerpt.caret)) of \(excerpt.text.debugDescription) is not under "
                + (character.map { String($0).debugDescription } ?? "nothing"))
    }

    /// How many bytes the character at `offset` takes, as the standard library's UTF-8 parser reads it: a valid
    /// sequence, or the longest start of one (one U+FFFD).
    private func characterLength(at offset: Int) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes[offset...].makeIterator()
        switch parser.parseScalar(from: &iterator) {
        case .valid(let encoded): return encoded.count
        case .error(let length): return length
        case .emptyInput: return 1
        }
    }

    /// The characters in `range` as an excerpt shows them: control characters but a tab as '?', a byte that starts
    /// no UTF-8 sequence as U+FFFD.
    private func characters(_ range: Range<Int>) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            let length = min(characterLength(at: offset), range.upperBound - offset)
            let scalar = String(decoding: bytes[offset..<offset + length], as: UTF8.self).unicodeScalars.first ?? "?"
            scalars.append(scalar.value < 0x20 && scalar != "\t" ? "?" : scalar)
            offset += length
        }
        return scalars
    }
}

/// A location as text for a check's message (`nowhere` for none).
public func shown(_ location: SourceLocation?) -> String {
    location.map(String.init(describing:)) ?? "nowhere"
}
