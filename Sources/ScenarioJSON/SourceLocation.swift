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

/// The part of a source line shown under a diagnostic, with the column of its caret, and for an object or array
/// written over several lines (a step as a formatter writes it), the lines that follow, up to its end.
///
/// Long lines are cut to a window around the column (`…` marks what was left out), so a one-line file of many
/// megabytes never echoes more than ``maxLength`` characters; a value of many lines shows at most ``maxLines``,
/// then a line `…`.
public struct SourceExcerpt: Codable, Hashable, Sendable {
    /// The characters shown: the line, or a window of it with `…` at a cut end.
    public var text: String
    /// The 1-based position of the caret in `text`, in Unicode scalars.
    public var caret: Int
    /// The lines after the first of a value written over several lines, as far as its end (at most
    /// ``maxLines`` in all, the last `…` when it was cut); empty for a value on one line.
    public var following: [String]

    /// The most characters an excerpt shows.
    public static let maxLength = 120
    /// The most lines an excerpt of a value written over several lines shows, its first included.
    public static let maxLines = 6

    /// Creates an excerpt.
    public init(text: String, caret: Int, following: [String] = []) {
        self.text = text
        self.caret = max(1, caret)
        self.following = following
    }

    private enum CodingKeys: String, CodingKey { case text, caret, following }

    /// Reads what ``encode(to:)`` writes (`following` is absent for a value on one line).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            text: try container.decode(String.self, forKey: .text),
            caret: try container.decode(Int.self, forKey: .caret),
            following: try container.decodeIfPresent([String].self, forKey: .following) ?? [])
    }

    /// Writes the text and the caret, and the following lines when there are any.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(caret, forKey: .caret)
        if !following.isEmpty { try container.encode(following, forKey: .following) }
    }

    /// Every line shown, the first as ``text``, without the indentation they all share: the value as a block, for a
    /// report that quotes it without a caret (the HTML report's steps).
    public var block: String {
        let lines = [text] + following
        let indents = lines.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }.map { line in
            line.prefix { $0 == " " || $0 == "\t" }.count
        }
        let shared = indents.min() ?? 0
        return lines.map { String($0.dropFirst(min(shared, $0.prefix { $0 == " " || $0 == "\t" }.count))) }
            .joined(separator: "\n")
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
