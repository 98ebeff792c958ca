/// A JSON problem a user must fix: where it is, what was expected and found, and at most one hint.
///
/// `description` renders it the way compilers do:
/// ```
/// Scenarios/a.json:3:14: error: expected ',' or '}' after object member, found ']'
///   "a": 1 ]
///          ^
///   hint: remove the ']' or close the object with '}'
/// ```
/// Columns are 1-based and count Unicode scalars (characters as editors show them), not UTF-8 bytes.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file the problem is in, as given by the caller; `nil` for text without a file.
    public var path: String?
    /// The 1-based line, or `nil` when the problem has no known place in a text.
    public var line: Int?
    /// The 1-based column in Unicode scalars, or `nil` when the problem has no known place in a text.
    public var column: Int?
    /// The whole source line the problem is on, quoted under the first line of the description.
    public var sourceLine: String?
    /// The JSON Pointer of the value the problem is about, when it is about one value.
    public var pointer: JSONPointer?
    /// The Swift coding path (`config.storeId`, `steps[2].send`) when the problem came from decoding.
    public var codingPath: String?
    /// What is wrong, usually `expected X, found Y`.
    public var message: String
    /// What to do about it, starting with a verb; optional.
    public var hint: String?
    /// Where the file was referenced from with `$file`, innermost first (`Scenarios/a.json:5:20`).
    public var referenceChain: [String]

    /// Creates an error; the location fields can be filled in later by whoever knows the source.
    public init(
        message: String, hint: String? = nil, path: String? = nil, line: Int? = nil, column: Int? = nil,
        sourceLine: String? = nil, pointer: JSONPointer? = nil, codingPath: String? = nil,
        referenceChain: [String] = []
    ) {
        self.message = message
        self.hint = hint
        self.path = path
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
        self.pointer = pointer
        self.codingPath = codingPath
        self.referenceChain = referenceChain
    }

    /// The first line: `path:line:column: error: codingPath: message`.
    public var headline: String {
        var location = ""
        if let line, let column {
            location = "\(path ?? "<input>"):\(line):\(column): "
        } else if let path {
            location = "\(path): "
        }
        let subject = codingPath.map { $0.isEmpty ? "" : "\($0): " } ?? ""
        return "\(location)error: \(subject)\(message)"
    }

    /// The full rendering: headline, source line with a caret, hint, and the `$file` reference chain.
    public var description: String {
        var lines = [headline]
        if let sourceLine, let column {
            lines.append(sourceLine)
            lines.append(Self.caretLine(under: sourceLine, column: column))
        }
        if let hint { lines.append("  hint: \(hint)") }
        for reference in referenceChain { lines.append("  referenced from \(reference)") }
        return lines.joined(separator: "\n")
    }

    /// Spaces (tabs where the source has tabs) up to `column`, then `^`.
    static func caretLine(under sourceLine: String, column: Int) -> String {
        var caret = ""
        for scalar in sourceLine.unicodeScalars.prefix(max(column - 1, 0)) {
            caret.append(scalar == "\t" ? "\t" : " ")
        }
        return caret + "^"
    }

    /// This error with the place set from `location`.
    func located(at location: JSONSourceLocation) -> JSONError {
        var copy = self
        copy.path = location.path
        copy.line = location.line
        copy.column = location.column
        copy.sourceLine = location.sourceLine
        copy.referenceChain = location.referenceChain
        return copy
    }
}

/// A place in a JSON text: file, 1-based line and column (Unicode scalars), and the quoted line.
public struct JSONSourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file, or `nil` for text without a file.
    public var path: String?
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, counting Unicode scalars.
    public var column: Int
    /// The whole line.
    public var sourceLine: String
    /// Where the file was referenced from with `$file`, innermost first.
    public var referenceChain: [String]

    /// `path:line:column`.
    public var description: String { "\(path ?? "<input>"):\(line):\(column)" }
}
