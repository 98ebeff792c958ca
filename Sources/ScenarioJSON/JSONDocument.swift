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
    public internal(set) var inclusions: [JSONInclusion] {
        didSet { inclusionIndex = Self.index(inclusions) }
    }
    private var inclusionIndex: [JSONPointer: Int]
    let source: JSONSourceText
    /// Where this document was referenced from with `$file` (the including document and the reference's
    /// pointer), or `nil` for a document read directly.
    let reference: JSONReference?

    init(source: JSONSourceText, root: JSONValue, inclusions: [JSONInclusion] = [], reference: JSONReference? = nil) {
        self.source = source
        self.root = root
        self.inclusions = inclusions
        self.inclusionIndex = Self.index(inclusions)
        self.reference = reference
    }

    private static func index(_ inclusions: [JSONInclusion]) -> [JSONPointer: Int] {
        var index: [JSONPointer: Int] = [:]
        for (position, inclusion) in inclusions.enumerated() { index[inclusion.pointer] = position }
        return index
    }

    /// The file path given when parsing, or `nil`.
    public var path: String? { source.path }

    /// The source text.
    public var text: String { String(decoding: source.bytes, as: UTF8.self) }

    /// The document the value at `pointer` was written in, and its pointer inside that document.
    /// - Complexity: O(d²) hashing for a pointer of d tokens per level of `$file` nesting.
    public func origin(of pointer: JSONPointer) -> (document: JSONDocument, pointer: JSONPointer) {
        guard !inclusionIndex.isEmpty else { return (self, pointer) }
        for length in 0...pointer.tokens.count {
            let prefix = JSONPointer(Array(pointer.tokens.prefix(length)))
            guard let position = inclusionIndex[prefix] else { continue }
            let rest = JSONPointer(Array(pointer.tokens.dropFirst(length)))
            return inclusions[position].document.origin(of: rest)
        }
        return (self, pointer)
    }

    /// Where the value at `pointer` starts in its source file. When no such value was written (e.g. a
    /// missing key), this is the location of the nearest enclosing value that was; `nil` only for a
    /// document without source text.
    /// - Complexity: O(text) for the first lookup in a document, then about O(pointer) per lookup.
    public func location(of pointer: JSONPointer, atKey: Bool = false) -> SourceLocation? {
        place(of: pointer, atKey: atKey)?.location
    }

    /// The source line the value at `pointer` starts on (a window of it when the line is long), with the column of
    /// its first character; `nil` for a document without source text.
    ///
    /// With `wholeValue`, an object or array written over several lines shows the lines that follow too, up to its
    /// end (see ``SourceExcerpt/following``): how a step is quoted.
    public func excerpt(of pointer: JSONPointer, wholeValue: Bool = false) -> SourceExcerpt? {
        place(of: pointer, wholeValue: wholeValue)?.excerpt
    }

    /// Where the reference chain of the document the value at `pointer` was written in starts, innermost first:
    /// the `$file` strings that brought it in.
    public func referencedFrom(of pointer: JSONPointer) -> [SourceLocation] {
        origin(of: pointer).document.referencedFrom
    }

    /// The `$file` references that brought this document in, innermost first.
    var referencedFrom: [SourceLocation] { reference?.chain ?? [] }

    /// Where the value at `pointer` starts (with `atKey`, its member's key), else the nearest enclosing value.
    func place(of pointer: JSONPointer, withChain: Bool = true, atKey: Bool = false, wholeValue: Bool = false)
        -> JSONSourcePlace?
    {
        var (document, inner) = origin(of: pointer)
        if atKey, let last = pointer.tokens.last, inner.tokens.isEmpty {
            // The member's value came from a `$file`: its key is in the including document.
            (document, inner) = origin(of: JSONPointer(pointer.tokens.dropLast()))
            inner = inner.appending(last)
        }
        let scanner = JSONScanner(bytes: document.source.bytes)
        var tokens = inner.tokens
        var keyed = atKey
        while true {
            if let offset = scanner.offset(of: JSONPointer(tokens), index: document.source.index, atKey: keyed) {
                return document.source.place(
                    ofByte: offset, valueEnd: wholeValue && !keyed ? scanner.end(ofContainerAt: offset) : nil,
                    referencedFrom: withChain ? document.referencedFrom : [])
            }
            guard !tokens.isEmpty else { return nil }
            tokens.removeLast()
            keyed = false
        }
    }

    /// An error about the value at `pointer`, located in the file it came from.
    ///
    /// ```swift
    /// document.error(at: JSONPointer(["steps", "2", "send"]), "unknown input 'lod'", hint: "did you mean 'load'?")
    /// ```
    public func error(at pointer: JSONPointer, _ message: String, hint: String? = nil) -> JSONError {
        let error = JSONError(message: message, hint: hint, path: path, pointer: pointer)
        guard let place = place(of: pointer) else { return error }
        return error.located(at: place)
    }

    /// A diagnostic about the value at `pointer`, located in the file it came from (for problems that are not
    /// JSON errors: an unknown input, an unused response, a mock call without an answer). With `atKey`, it is
    /// located at the key of the member `pointer` names (an unknown or misspelt key), not at its value.
    /// With `wholeValue`, the excerpt shows all of an object or array written over several lines (a step).
    public func diagnostic(
        at pointer: JSONPointer, _ message: String, hint: String? = nil, severity: Diagnostic.Severity = .error,
        atKey: Bool = false, wholeValue: Bool = false
    ) -> Diagnostic {
        guard let place = place(of: pointer, atKey: atKey, wholeValue: wholeValue) else {
            return Diagnostic(severity, location: path.map { SourceLocation(path: $0) }, message: message, hint: hint)
        }
        return Diagnostic(
            severity, location: place.location, excerpt: place.excerpt, message: message, hint: hint,
            referencedFrom: place.referencedFrom)
    }
}

/// A value that a `$file` reference brought into a document.
public struct JSONInclusion: Sendable {
    /// Where the `{"$file": ...}` object was in the including document (and where its content now sits).
    public var pointer: JSONPointer
    /// The referenced file's own document.
    public var document: JSONDocument
}

/// Where a document was referenced from: the including document and the pointer of the `$file` string.
final class JSONReference: Sendable {
    let document: JSONDocument
    let pointer: JSONPointer

    init(document: JSONDocument, pointer: JSONPointer) {
        self.document = document
        self.pointer = pointer
    }

    /// This reference's location, then those of the references that brought its document in, innermost first.
    var chain: [SourceLocation] {
        var chain: [SourceLocation] = []
        var next: JSONReference? = self
        while let reference = next {
            if let location = reference.document.place(of: reference.pointer, withChain: false)?.location {
                chain.append(location)
            }
            next = reference.document.reference
        }
        return chain
    }
}
