/// A JSON problem a user must fix: where it is, what was expected and found, and at most one hint.
///
/// It is the error of the JSON domain only (parsing, `$file` references, decoding); `description` is its
/// ``Diagnostic`` rendered the way compilers do:
/// ```
/// Scenarios/a.json:3:14: error: expected ',' or '}' after object member, found ']'
///   "a": 1 ]
///          ^
///   hint: remove the ']' or close the object with '}'
/// ```
/// Columns are 1-based and count Unicode scalars (characters as editors show them), not UTF-8 bytes.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible, DiagnosticConvertible {
    /// The file the problem is in, as given by the caller; `nil` for text without a file.
    public var path: String?
    /// The 1-based line, or `nil` when the problem has no known place in a text.
    public var line: Int?
    /// The 1-based column in Unicode scalars, or `nil` when the problem has no known place in a text.
    public var column: Int?
    /// The source line the problem is on (a window of it when it is long), quoted under the headline.
    public var excerpt: SourceExcerpt?
    /// The JSON Pointer of the value the problem is about, when it is about one value.
    public var pointer: JSONPointer?
    /// The Swift coding path (`config.storeId`, `steps[2].send`) when the problem came from decoding.
    public var codingPath: String?
    /// What is wrong, usually `expected X, found Y`.
    public var message: String
    /// What to do about it, starting with a verb; optional.
    public var hint: String?
    /// Where the file was referenced from with `$file`, innermost first.
    public var referencedFrom: [SourceLocation]
    /// Whether the problem is about the key of the member ``pointer`` names (a misspelt key), so that it is
    /// located at the key rather than at its value.
    public var isAboutKey = false

    /// Creates an error; the location fields can be filled in later by whoever knows the source.
    public init(
        message: String, hint: String? = nil, path: String? = nil, line: Int? = nil, column: Int? = nil,
        excerpt: SourceExcerpt? = nil, pointer: JSONPointer? = nil, codingPath: String? = nil,
        referencedFrom: [SourceLocation] = []
    ) {
        self.message = message
        self.hint = hint
        self.path = path
        self.line = line
        self.column = column
        self.excerpt = excerpt
        self.pointer = pointer
        self.codingPath = codingPath
        self.referencedFrom = referencedFrom
    }

    /// Where the problem is: the file, with line and column when known; `nil` when neither is known.
    public var location: SourceLocation? {
        guard path != nil || line != nil else { return nil }
        return SourceLocation(path: path, line: line, column: column)
    }

    /// The error for people.
    public var diagnostic: Diagnostic {
        Diagnostic(
            .error, location: location, excerpt: excerpt, subject: codingPath, message: message, hint: hint,
            referencedFrom: referencedFrom)
    }

    /// The first line: `path:line:column: error: codingPath: message`.
    public var headline: String { diagnostic.headline }

    /// The full rendering: headline, source excerpt with a caret, hint, and the `$file` reference chain.
    public var description: String { diagnostic.description }

    /// This error with the place set from `place`.
    func located(at place: JSONSourcePlace) -> JSONError {
        var copy = self
        copy.path = place.location.path
        copy.line = place.location.line
        copy.column = place.location.column
        copy.excerpt = place.excerpt
        copy.referencedFrom = place.referencedFrom
        return copy
    }
}

/// Where a byte of a JSON text is, with what to quote of its line and the `$file` chain that led to it.
struct JSONSourcePlace: Sendable {
    var location: SourceLocation
    var excerpt: SourceExcerpt
    var referencedFrom: [SourceLocation]
}
