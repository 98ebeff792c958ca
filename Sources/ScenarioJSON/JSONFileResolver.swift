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

    /// Reads, parses and resolves the file at `path` (relative to `root` unless absolute; shown as given).
    /// - Throws: `JSONError`.
    public func load(_ path: String) throws -> JSONDocument {
        let fullPath = path.hasPrefix("/") ? path : (root as NSString).appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: fullPath) else {
            throw JSONError(message: "expected a readable file, found none", path: path)
        }
        let document = try parser.parse(bytes: Array(data), path: path)
        return try resolve(document, visiting: [Self.realPath(fullPath) ?? fullPath])
    }

    /// Parses `text` (shown as `path` in errors) and resolves its references.
    /// - Throws: `JSONError`.
    public func parse(_ text: String, path: String? = nil) throws -> JSONDocument {
        try resolve(parser.parse(text, path: path))
    }

    /// Replaces the `$file` references in an already parsed document.
    /// - Throws: `JSONError`.
    public func resolve(_ document: JSONDocument) throws -> JSONDocument {
        try resolve(document, visiting: [])
    }

    private func resolve(_ document: JSONDocument, visiting: [String]) throws -> JSONDocument {
        var inclusions: [JSONInclusion] = []
        var resolved = document
        resolved.root = try substitute(
            document.root, at: .root, in: document, visiting: visiting,
            inclusions: &inclusions)
        resolved.inclusions = inclusions
        return resolved
    }

    private func substitute(
        _ value: JSONValue, at pointer: JSONPointer, in document: JSONDocument, visiting: [String],
        inclusions: inout [JSONInclusion]
    ) throws -> JSONValue {
        switch value {
        case .array(var elements):
            for index in elements.indices {
                elements[index] = try substitute(
                    elements[index], at: pointer.appending(index), in: document,
                    visiting: visiting, inclusions: &inclusions)
            }
            return .array(elements)
        case .object(var object):
            if let reference = object["$file"] {
                guard object.count == 1 else {
                    throw document.error(
                        at: pointer, "expected \"$file\" to be the only member of its object, found \(object.count)",
                        hint: "move the other members out, or remove \"$file\"")
                }
                let included = try include(
                    reference, at: pointer.appending("$file"), in: document,
                    visiting: visiting)
                inclusions.append(JSONInclusion(pointer: pointer, document: included))
                return included.root
            }
            for key in object.keys {
                guard let member = object[key] else { continue }
                object[key] = try substitute(
                    member, at: pointer.appending(key), in: document,
                    visiting: visiting, inclusions: &inclusions)
            }
            return .object(object)
        default:
            return value
        }
    }

    private func include(
        _ reference: JSONValue, at pointer: JSONPointer, in document: JSONDocument, visiting: [String]
    ) throws -> JSONDocument {
        guard case .string(let relative) = reference else {
            throw document.error(at: pointer, "expected a file path string, found \(reference.kindDescription)")
        }
        guard !relative.hasPrefix("/") else {
            throw document.error(
                at: pointer, "expected a path relative to the root, found \(JSONWriter.quoted(relative))",
                hint: "write the path relative to the package root, e.g. \"Mocks/page1.json\"")
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
        guard !visiting.contains(real) else {
            throw document.error(
                at: pointer,
                "expected no cycle of $file references, found \(JSONWriter.quoted(relative)) "
                    + "referencing itself again", hint: "remove one of the references in the cycle")
        }
        let here = document.location(of: pointer)
        let chain = (here.map { [$0.description] } ?? []) + document.referenceChain
        guard let data = FileManager.default.contents(atPath: real) else {
            throw document.error(at: pointer, "expected a readable file, found \(JSONWriter.quoted(relative))")
        }
        let parsed: JSONDocument
        do {
            parsed = try parser.parse(bytes: Array(data), path: relative)
        } catch var error as JSONError {
            error.referenceChain += chain
            throw error
        }
        let included = JSONDocument(source: parsed.source, root: parsed.root, referenceChain: chain)
        return try resolve(included, visiting: visiting + [real])
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
