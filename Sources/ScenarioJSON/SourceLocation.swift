/// A place in a source file: the file, and the 1-based line and column when known.
///
/// Columns count Unicode scalars (characters as editors show them), not UTF-8 bytes. The value travels as it is
/// from the parser to every reporter (annotations, test-framework issues, the HTML report); text is made from it
/// only at the edge:
/// ```swift
/// SourceLocation(path: "Scenarios/a.json", line: 14, column: 7).description   // "Scenarios/a.json:14:7"
/// ```
public struct SourceLocation: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The file as given by the caller (usually relative to the package root); `nil` for text without a file.
    public var path: String?
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column in Unicode scalars, when known (only with a line).
    public var column: Int?

    /// Creates a location.
    public init(path: String?, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = line == nil ? nil : column
    }

    /// `path:line:column`, `path:line` or `path` (`<input>` stands for a missing path).
    public var description: String {
        var text = path ?? "<input>"
        if let line { text += ":\(line)" }
        if let column { text += ":\(column)" }
        return text
    }
}

/// The part of a source line shown under a diagnostic, with the column of its caret.
///
/// Long lines are cut to a window around the column (`…` marks what was left out), so a one-line file of many
/// megabytes never echoes more than ``maxLength`` characters.
public struct SourceExcerpt: Codable, Hashable, Sendable {
    /// The characters shown: the line, or a window of it with `…` at a cut end.
    public var text: String
    /// The 1-based position of the caret in `text`, in Unicode scalars.
    public var caret: Int

    /// The most characters an excerpt shows.
    public static let maxLength = 120

    /// Creates an excerpt.
    public init(text: String, caret: Int) {
        self.text = text
        self.caret = max(1, caret)
    }

    private enum CodingKeys: String, CodingKey {
        case text, caret
    }

    /// Decodes an excerpt, its caret kept at 1 or more as ``init(text:caret:)`` keeps it (a results file read back
    /// may say anything).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            text: try container.decode(String.self, forKey: .text),
            caret: try container.decode(Int.self, forKey: .caret))
    }

    /// Spaces (tabs where the text has tabs) up to the caret, then `^`.
    public var caretLine: String {
        var line = ""
        for scalar in text.unicodeScalars.prefix(caret - 1) {
            line.append(scalar == "\t" ? "\t" : " ")
        }
        return line + "^"
    }
}
