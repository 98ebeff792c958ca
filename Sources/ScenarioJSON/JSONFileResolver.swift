import Foundation

/// Loads JSON files and replaces every `{"$file": "Mocks/contributors/page1.json"}` object (exactly one
/// member) with the parsed content of that file, resolved against `root`.
///
/// A reference must stay inside `root` after resolving symlinks; absolute paths, `..` escapes, missing files
/// and cycles are errors located at the `$file` string. Errors inside a referenced file report that file's
/// own line and column plus `referenced from <path:line:column>` for each step of the chain. Values that came
/// from another file keep their origin: `JSONDocument.location(of:)` points into the file they were written in.
///
/// ```swift
/// let resolver = JSONFileResolver(root: "/path/to/package")
/// let scenario = try resolver.load("Scenarios/contributors/load-and-paginate.json")
/// ```
public struct JSONFileResolver: Sendable {
    /// The directory references are resolved against and must stay inside.
    public var root: String
    /// The parser used for every file.
    public var parser: JSONParser

    /// Creates a resolver; `root` defaults to the current directory (the package root under `swift run`).
    public init(root: String = FileManager.default.currentDirectoryPath, parser: JSONParser = JSONParser()) {
        self.root = root
        self.parser = parser
    }

    /// The most `$file` references one chain may nest (a file referencing a file referencing …).
    public static let maxReferenceDepth = 64

    /// Reads, parses and resolves the file at `path` (relative to `root` unless absolute; shown as given).
    /// - Throws: `JSONError`.
    public func load(_ path: String) throws(JSONError) -> JSONDocument {
        try load(PathName(path))
    }

    /// Reads, parses and resolves the file at `path`, named by its bytes (any name the file system stores; errors
    /// show it as ``PathName/description``).
    /// - Throws: `JSONError`.
    public func load(_ path: PathName) throws(JSONError) -> JSONDocument {
        let shown = path.description
        guard !path.bytes.contains(0) else {
            throw JSONError(
                message: "expected a file path without NUL characters, found \(JSONWriter.quoted(shown))",
                hint: "rename the file")
        }
        let fullPath = PathName(root).appending(path)
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(fullPath)
        } catch {
            let (found, hint) = FileBytes.describe(error)
            throw JSONError(message: "expected a readable file, found \(found)", hint: hint, path: shown)
        }
        let document = try parse(bytes: bytes, path: shown)
        // Only UTF-8 files can be `$file` targets, so a file named otherwise is never met again on the way.
        let real = fullPath.string.flatMap(Self.realPath) ?? fullPath.description
        return try resolve(document, visiting: [real], depth: 0)
    }

    /// Parses `text` (shown as `path` in errors) and resolves its references.
    /// - Throws: `JSONError`.
    public func parse(_ text: String, path: String? = nil) throws(JSONError) -> JSONDocument {
        try resolve(parse(bytes: Array(text.utf8), path: path))
    }

    /// Replaces the `$file` references in an already parsed document.
    /// - Throws: `JSONError`.
    public func resolve(_ document: JSONDocument) throws(JSONError) -> JSONDocument {
        try resolve(document, visiting: [], depth: 0)
    }

    private func parse(bytes: [UInt8], path: String?) throws(JSONError) -> JSONDocument {
        try parser.parse(bytes: bytes, path: path)
    }

    /// `depth` is how many `$file` references led here; `visiting` the real paths of the files on the way.
    private func resolve(_ document: JSONDocument, visiting: [String], depth: Int) throws(JSONError) -> JSONDocument {
        var inclusions: [JSONInclusion] = []
        var resolved = document
        var context = Context(document: document, visiting: visiting, depth: depth)
        resolved.root = try substitute(document.root, at: .root, nesting: 0, in: &context)
        inclusions = context.inclusions
        resolved.inclusions = inclusions
        return resolved
    }

    private struct Context {
        let document: JSONDocument
        let visiting: [String]
        let depth: Int
        var inclusions: [JSONInclusion] = []
    }

    /// `nesting` counts the arrays and objects around `value`, across files: no resolved document nests deeper
    /// than the parser's `maxDepth`, so everything that walks it later stays within the stack.
    private func substitute(
        _ value: JSONValue, at pointer: JSONPointer, nesting: Int, in context: inout Context
    ) throws(JSONError) -> JSONValue {
        switch value {
        case .array(var elements):
            try checkNesting(nesting, at: pointer, in: context.document)
            for index in elements.indices {
                elements[index] = try substitute(
                    elements[index], at: pointer.appending(index), nesting: nesting + 1, in: &context)
            }
            return .array(elements)
        case .object(var object):
            if let reference = object["$file"] {
                guard object.count == 1 else {
                    throw context.document.error(
                        at: pointer, "expected \"$file\" to be the only member of its object, found \(object.count)",
                        hint: "move the other members out, or remove \"$file\"")
                }
                let included = try include(reference, at: pointer.appending("$file"), context: context)
                try checkNesting(nesting + Self.nesting(of: included.root) - 1, at: pointer, in: context.document)
                context.inclusions.append(JSONInclusion(pointer: pointer, document: included))
                return included.root
            }
            try checkNesting(nesting, at: pointer, in: context.document)
            for key in object.keys {
                guard let member = object[key] else { continue }
                object[key] = try substitute(member, at: pointer.appending(key), nesting: nesting + 1, in: &context)
            }
            return .object(object)
        default:
            return value
        }
    }

    private func checkNesting(_ nesting: Int, at pointer: JSONPointer, in document: JSONDocument) throws(JSONError) {
        guard nesting >= parser.maxDepth else { return }
        throw document.error(
            at: pointer,
            "expected at most \(parser.maxDepth) levels of nested arrays and objects, counting the files $file "
                + "brings in, found more here",
            hint: "flatten the structure, or reference a file with less nesting")
    }

    /// How deeply `value` nests arrays and objects (0 for a scalar).
    private static func nesting(of value: JSONValue) -> Int {
        var deepest = 0
        var pending: [(JSONValue, Int)] = [(value, 0)]
        while let (current, level) = pending.popLast() {
            switch current {
            case .array(let elements):
                deepest = max(deepest, level + 1)
                pending += elements.map { ($0, level + 1) }
            case .object(let object):
                deepest = max(deepest, level + 1)
                pending += object.values.map { ($0, level + 1) }
            default: break
            }
        }
        return deepest
    }

    private func include(
        _ reference: JSONValue, at pointer: JSONPointer, context: Context
    ) throws(JSONError) -> JSONDocument {
        let document = context.document
        guard case .string(let relative) = reference else {
            throw document.error(
                at: pointer, "expected a file path string, found \(reference.kindDescription)",
                hint: "write the path as a string, e.g. {\"$file\": \"Mocks/page1.json\"}")
        }
        guard !relative.unicodeScalars.contains("\u{0}") else {
            throw document.error(
                at: pointer, "expected a file path without NUL characters, found \(JSONWriter.quoted(relative))",
                hint: "remove the \\u0000 from the path")
        }
        guard !relative.hasPrefix("/") else {
            throw document.error(
                at: pointer, "expected a path relative to the root, found \(JSONWriter.quoted(relative))",
                hint: "write the path relative to the package root, e.g. \"Mocks/page1.json\"")
        }
        guard context.depth < Self.maxReferenceDepth else {
            throw document.error(
                at: pointer,
                "expected at most \(Self.maxReferenceDepth) nested $file references, found a chain that goes deeper",
                hint: "reference the file with the content directly instead of through a chain of files")
        }
        let escapes = {
            document.error(
                at: pointer,
                "expected a file inside the root, found \(JSONWriter.quoted(relative)) leading outside it",
                hint: "keep referenced files inside the package root (the folder paths are resolved against)")
        }
        var depth = 0
        for component in relative.split(separator: "/") where component != "." {
            depth += component == ".." ? -1 : 1
            if depth < 0 { throw escapes() }
        }
        let rootReal = Self.realPath(root) ?? root
        let fullPath = (root as NSString).appendingPathComponent(relative)
        guard let real = Self.realPath(fullPath) else {
            throw document.error(
                at: pointer, "expected an existing file, found no file at \(JSONWriter.quoted(relative))",
                hint: "check the path; it is resolved against the package root, not the referencing file")
        }
        guard real.hasPrefix(rootReal.hasSuffix("/") ? rootReal : rootReal + "/") else { throw escapes() }
        guard !context.visiting.contains(real) else {
            throw document.error(
                at: pointer,
                "expected no cycle of $file references, found \(JSONWriter.quoted(relative)) "
                    + "referencing itself again", hint: "remove one of the references in the cycle")
        }
        let data: [UInt8]
        do {
            data = try FileBytes.read(real)
        } catch {
            let (found, hint) = FileBytes.describe(error)
            throw document.error(
                at: pointer, "expected a readable file at \(JSONWriter.quoted(relative)), found \(found)", hint: hint)
        }
        let origin = JSONReference(document: document, pointer: pointer)
        let parsed: JSONDocument
        do {
            parsed = try parse(bytes: data, path: relative)
        } catch var error {
            error.referencedFrom += origin.chain
            throw error
        }
        let included = JSONDocument(source: parsed.source, root: parsed.root, reference: origin)
        return try resolve(included, visiting: context.visiting + [real], depth: context.depth + 1)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
