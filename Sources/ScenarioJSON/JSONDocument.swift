/// A parsed JSON text: its file path, source text and root value, plus the documents `$file` references
/// brought in, so that any value can be located by JSON Pointer and errors can quote the source line.
///
/// ```swift
/// let document = try JSONParser().parse(text, path: "Scenarios/a.json")
/// document.location(of: JSONPointer(["steps", "2", "send"]))?.description   // "Scenarios/a.json:9:21"
/// ```
public struct JSONDocument: Sendable {
    /// The root value (with `$file` references replaced when the document came from a `JSONFileResolver`).
    public internal(set) var root: JSONValue
    /// The values that came from other files, keyed by where they sit in `root`.
    public internal(set) var inclusions: [JSONInclusion]
    let source: JSONSourceText
    /// Where this document was referenced from with `$file`, innermost first.
    let referenceChain: [String]

    init(source: JSONSourceText, root: JSONValue, inclusions: [JSONInclusion] = [], referenceChain: [String] = []) {
        self.source = source
        self.root = root
        self.inclusions = inclusions
        self.referenceChain = referenceChain
    }

    /// The file path given when parsing, or `nil`.
    public var path: String? { source.path }

    /// The source text.
    public var text: String { String(decoding: source.bytes, as: UTF8.self) }

    /// The document the value at `pointer` was written in, and its pointer inside that document.
    public func origin(of pointer: JSONPointer) -> (document: JSONDocument, pointer: JSONPointer) {
        for inclusion in inclusions where pointer.hasPrefix(inclusion.pointer) {
            let rest = JSONPointer(Array(pointer.tokens.dropFirst(inclusion.pointer.tokens.count)))
            return inclusion.document.origin(of: rest)
        }
        return (self, pointer)
    }

    /// Where the value at `pointer` starts in its source file. When no such value was written (e.g. a
    /// missing key), this is the location of the nearest enclosing value that was; `nil` only for a
    /// document without source text.
    /// - Complexity: O(n) in the size of the source text; meant for the error path.
    public func location(of pointer: JSONPointer) -> JSONSourceLocation? {
        let (document, inner) = origin(of: pointer)
        let scanner = JSONScanner(bytes: document.source.bytes)
        var tokens = inner.tokens
        while true {
            if let offset = scanner.offset(of: JSONPointer(tokens)) {
                return document.source.location(ofByte: offset, referenceChain: document.referenceChain)
            }
            guard !tokens.isEmpty else { return nil }
            tokens.removeLast()
        }
    }

    /// An error about the value at `pointer`, located in the file it came from.
    ///
    /// ```swift
    /// document.error(at: JSONPointer(["steps", "2", "send"]), "unknown input 'lod'", hint: "did you mean 'load'?")
    /// ```
    public func error(at pointer: JSONPointer, _ message: String, hint: String? = nil) -> JSONError {
        let error = JSONError(message: message, hint: hint, path: path, pointer: pointer)
        guard let location = location(of: pointer) else { return error }
        return error.located(at: location)
    }
}

/// A value that a `$file` reference brought into a document.
public struct JSONInclusion: Sendable {
    /// Where the `{"$file": ...}` object was in the including document (and where its content now sits).
    public var pointer: JSONPointer
    /// The referenced file's own document.
    public var document: JSONDocument
}
