import CJSONC

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses JSON strictly through json-c and reports every problem as a `JSONError` with line and column.
///
/// Rejected: trailing commas, comments, NaN/Infinity, invalid UTF-8, raw control characters in strings,
/// anything after the root value, duplicate keys in one object (also two keys that are the same text in different
/// Unicode normalization forms), a key with an escaped NUL (`\u0000`), integers outside Int64, numbers outside
/// Double's range, nesting deeper than `maxDepth`, and empty input. Numbers and keys are never changed silently.
///
/// ```swift
/// let document = try JSONParser().parse(#"{"at": "0ms", "send": "load"}"#, path: "Scenarios/a.json")
/// document.root["send"]   // .string("load")
/// ```
public struct JSONParser: Sendable {
    /// The deepest nesting of arrays and objects accepted; the root array or object is level 1.
    public var maxDepth: Int

    /// Creates a parser; `maxDepth` is at least 1.
    public init(maxDepth: Int = 256) {
        self.maxDepth = max(1, maxDepth)
    }

    /// Parses `text`; `path` is only used in error messages and locations.
    /// - Throws: `JSONError`.
    public func parse(_ text: String, path: String? = nil) throws(JSONError) -> JSONDocument {
        try parse(bytes: Array(text.utf8), path: path)
    }

    /// Parses raw bytes, which must be UTF-8; `path` is only used in error messages and locations.
    /// - Throws: `JSONError`.
    public func parse(bytes: [UInt8], path: String? = nil) throws(JSONError) -> JSONDocument {
        let source = JSONSourceText(path: path, bytes: bytes)
        let root = try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
            try parseValue(buffer, source: source)
        }
        return JSONDocument(source: source, root: root)
    }

    /// Parses `text` into a bare value, for callers that need no locations later.
    /// - Throws: `JSONError`.
    public func parseValue(_ text: String) throws(JSONError) -> JSONValue {
        try parse(text).root
    }

    private func parseValue(
        _ buffer: UnsafeBufferPointer<UInt8>, source: JSONSourceText
    ) throws(JSONError) -> JSONValue {
        guard buffer.contains(where: { !Self.isWhitespace($0) }) else {
            throw error(
                message: "expected a JSON value, found end of file", hint: "write a JSON value, e.g. {}",
                at: buffer.count, in: source)
        }
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw error(
                message: "expected a JSON value, found a UTF-8 byte order mark (BOM)",
                hint: "save the file as UTF-8 without a byte order mark", at: 0, in: source)
        }
        // json-c takes a NUL byte for the end of the input, so one inside the text would be misread: report it here.
        if let base = buffer.baseAddress, let nul = memchr(base, 0, buffer.count) {
            let offset = UnsafeRawPointer(nul) - UnsafeRawPointer(base)
            throw error(
                message: "expected JSON text, found a NUL byte (U+0000)",
                hint: "remove it; inside a string, write it escaped as \\u0000", at: offset, in: source)
        }
        guard buffer.count < Int(Int32.max) else {
            throw JSONError(
                message: "expected a JSON text of less than 2 GiB, found \(buffer.count) bytes",
                hint: "split the file", path: source.path)
        }
        guard let tokener = json_tokener_new_ex(Int32(clamping: maxDepth)) else {
            throw JSONError(message: "json-c could not allocate a tokener", path: source.path)
        }
        defer { json_tokener_free(tokener) }
        // UTF-8 is validated by JSONScanner.prescan: json-c's JSON_TOKENER_VALIDATE_UTF8 costs about a quarter
        // of the parse time, the prescan's ASCII fast path almost nothing.
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT)
        var object =
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    json_tokener_parse_ex(tokener, $0, Int32(clamping: buffer.count))
                }
            } ?? nil
        defer { if object != nil { json_object_put(object) } }
        var status = json_tokener_get_error(tokener)
        var errorOffset = json_tokener_get_parse_end(tokener)
        if status == json_tokener_continue {
            let state = Self.state(of: tokener)
            let enclosing = Self.state(of: tokener, level: -1)
            // A final NUL tells json-c the input ended; it completes a root number or reports the end of file.
            object = json_tokener_parse_ex(tokener, "", 1)
            status = json_tokener_get_error(tokener)
            if status != json_tokener_success {
                // Input that ends inside a number or literal ends a value: what comes next is what the
                // enclosing array or object waits for.
                // A nested value that just finished likewise leaves its container waiting.
                let isInValue = [
                    json_tokener_state_number, json_tokener_state_null, json_tokener_state_boolean,
                    json_tokener_state_inf, json_tokener_state_finish,
                ].contains(state)
                let expected = isInValue ? enclosing : state
                throw error(
                    message: Self.expectation(afterState: expected) + ", found end of file",
                    hint: Self.hintAtEnd(afterState: expected), at: buffer.count, in: source)
            }
            errorOffset = buffer.count
        }
        // json-c gives a root `null` as no object at all (which `convert` reads as null).
        guard status == json_tokener_success else {
            let state = Self.state(of: tokener)
            let (message, hint) = Self.describe(
                status, state: state, found: source.found(atByte: errorOffset),
                maxDepth: maxDepth)
            throw error(message: message, hint: hint, at: errorOffset, in: source)
        }
        let (members, problem) = JSONScanner.prescan(buffer)
        if let problem { throw error(message: problem.message, hint: problem.hint, at: problem.offset, in: source) }
        var converter = JSONCConverter()
        let value: JSONValue
        do {
            value = try converter.convert(object)
        } catch let failure {
            let pointer = JSONPointer(failure.reversedTokens.reversed())
            let offset = JSONScanner(bytes: source.bytes).offset(of: pointer, index: source.index) ?? 0
            let token = source.token(atByte: offset)
            let isWord = token.unicodeScalars.contains { $0.properties.isAlphabetic && $0 != "e" && $0 != "E" }
            throw error(
                message: isWord
                    ? "expected a number, found \(token)"
                    : "expected a number within the range of "
                        + "Double, found \(token)",
                hint: isWord
                    ? "write null or a string instead; JSON has no NaN or Infinity"
                    : "write it as a string, or as a number between -1.8e308 and 1.8e308",
                at: offset, in: source, pointer: pointer)
        }
        let scanner = JSONScanner(bytes: source.bytes)
        if converter.members != members || converter.hasEquivalentKeys, let duplicate = scanner.firstDuplicateKey() {
            let first = source.place(ofByte: duplicate.firstOffset).location
            let otherForm =
                scanner.string(at: duplicate.firstOffset).unicodeScalars.elementsEqual(duplicate.key.unicodeScalars)
                ? "" : ", written in another Unicode normalization form"
            throw error(
                message: "expected each key once per object, found \(JSONWriter.quoted(duplicate.key)) again"
                    + "\(otherForm) (first at line \(first.line ?? 1), column \(first.column ?? 1))",
                hint: "remove or rename one of the two members", at: duplicate.offset, in: source)
        }
        return value
    }

    private func error(
        message: String, hint: String?, at offset: Int, in source: JSONSourceText, pointer: JSONPointer? = nil
    ) -> JSONError {
        JSONError(message: message, hint: hint, pointer: pointer).located(at: source.place(ofByte: offset))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// json-c's state at its current depth, or `level` levels above it (negative), skipping whitespace states.
    private static func state(of tokener: UnsafeMutablePointer<json_tokener>, level: Int = 0) -> json_tokener_state {
        let depth = Int(tokener.pointee.depth) + level
        guard depth >= 0 else { return json_tokener_state_finish }
        let record = tokener.pointee.stack[depth]
        return record.state == json_tokener_state_eatws ? record.saved_state : record.state
    }
}
