import Foundation
import ScenarioJSON
import Testing

/// Hostile JSON texts: each is reported, located, with a hint, in a message of bounded size; none crashes or is
/// misread.
@Suite struct JSONHostileInputTests {
    /// Inputs a reviewer tried (and more of each kind): a BOM, syntax errors of every json-c state, numbers out of
    /// range, NUL and control characters, invalid UTF-8, deep nesting.
    static let hostile: [String] = [
        "\u{FEFF}{\"a\": 1}", "{\"a\": 1e400}", "{\"a\": -1e400}", "{\"a\": 12345678901234567890}", "{\"a\": 1.}",
        "{\"a\": 1e}", "{\"a\": 1e+}", "{\"a\": -}", "{\"a\": 01}", "{\"a\": .5}", "{\"a\": {\"b\": 1}", "{\"a\": 1",
        "[1, 2", "[1 2]", "[1,]", "{\"a\": 1,}", "{a: 1}", "{\"a\" 1}", "{\"a\": tru}", "{\"a\": nul}",
        "{\"a\": NaN}", "{\"a\": Infinity}", "{\"a\": \"x\u{0}y\"}", "{\"a\": \"x\u{1}y\"}", "{\"a\": \"\\q\"}",
        "\"abc", "{\"a\": 1} x", "{\"a\": 1, \"a\": 2}", "", "   ", "{\"a\": [}", "{\"a\": /* c */ 1}",
        String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
    ]

    @Test(arguments: hostile)
    func everyErrorIsLocatedAndHasAHint(_ text: String) throws {
        let error = try #require(parseError(text), "accepted: \(text.debugDescription)")
        #expect(error.line != nil && error.column != nil, "\(error)")
        #expect(error.hint != nil, "no hint: \(error)")
        #expect(error.description.utf8.count < 1_000, "\(error.description.utf8.count) bytes")
    }

    @Test func aByteOrderMarkIsNamed() {
        #expect(
            parseError("\u{FEFF}{\"a\": 1}")?.headline
                == "Scenarios/a.json:1:1: error: expected a JSON value, found a UTF-8 byte order mark (BOM)")
    }

    @Test func invalidUTF8IsNamedWhereItIs() {
        let error = parseError(bytes: Array("{\"a\": \"".utf8) + [0xFF] + Array("\"}".utf8))
        #expect(error?.headline == "Scenarios/a.json:1:8: error: expected UTF-8 text, found byte 0xFF")
        #expect(error?.hint == "save the file as UTF-8")
    }

    @Test func aMissingFinalBraceSaysWhatIsMissing() {
        // json-c ends in a nested object's finished state: what is missing is the outer object's '}'
        #expect(
            parseError("{\"a\": {\"b\": 1}")?.description == """
                Scenarios/a.json:1:15: error: expected ',' or '}' after object member, found end of file
                {"a": {"b": 1}
                              ^
                  hint: close the object with '}'
                """)
    }

    @Test func aNulInsideAStringIsReportedAtItsOwnColumn() {
        // The NUL is the 9th character; json-c would take it for the end of the input and report what follows it
        #expect(
            parseError("{\"a\": \"x\u{0}y\"}")?.description == """
                Scenarios/a.json:1:9: error: expected JSON text, found a NUL byte (U+0000)
                {"a": "x?y"}
                        ^
                  hint: remove it; inside a string, write it escaped as \\u0000
                """)
    }

    @Test func aTenMegabyteLineIsQuotedAsAWindowAroundTheColumn() throws {
        // Given a one-line file of about 10 MB with a syntax error in its middle
        let half = String(repeating: "1, ", count: 1_750_000)
        let text = "[" + half + "x, " + half + "1]"
        #expect(text.utf8.count > 10_000_000)
        // When it is parsed
        let error = try #require(parseError(text))
        // Then the error quotes a window of the line, with the caret under the 'x', not the whole line
        let column = half.count + 2
        #expect(error.headline == "Scenarios/a.json:1:\(column): error: expected a value, found 'x'")
        let excerpt = try #require(error.excerpt)
        #expect(excerpt.text.count <= SourceExcerpt.maxLength)
        #expect(excerpt.text.hasPrefix("…") && excerpt.text.hasSuffix("…"))
        #expect(Array(excerpt.text.unicodeScalars)[excerpt.caret - 1] == "x")
        #expect(error.description.utf8.count < 400)
    }

    @Test func numbersWithMoreThanNineteenFractionDigitsParse() throws {
        // Foundation's own encoders write such doubles; RFC 8259 allows any number of fraction digits
        let parsed = try JSONParser().parseValue("[3.14159265358979323846, -0.00000000000000000000123, 1E+2]")
        #expect(parsed == [.double(3.141592653589793), .double(-1.23e-21), .double(100)])
    }

    @Test func locatingManyErrorsInOneFileIsLinear() throws {
        // Given a document with 20,000 members
        let members = (0..<20_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",\n")
        let document = try JSONParser().parse("{\n" + members + "\n}", path: "big.json")
        // When every member is located (as 20,000 reported errors would be)
        let lines = (0..<20_000).map { document.location(of: JSONPointer(["k\($0)"]))?.line ?? 0 }
        // Then each is found at its own line (the index makes this O(text + n); before, it was O(n · text))
        #expect(lines == Array(2..<20_002))
    }

    /// Found by `make fuzz` (fuzz-golden): the excerpt took a run of continuation bytes after a character for part
    /// of it, so a line of invalid UTF-8 was quoted whole, however long (here 100,000 bytes, ~300 KB of text).
    @Test func aRunOfInvalidUTF8IsQuotedAsAWindowOfOneCharacterPerByte() throws {
        // Given a string holding 'À' (C3 80) and then 100,000 bytes that start no UTF-8 sequence
        let bytes =
            Array(#"{"a": ""#.utf8) + [0xC3, 0x80] + [UInt8](repeating: 0x80, count: 100_000) + Array(#""}"#.utf8)
        // When it is parsed
        let error = try #require(parseError(bytes: bytes))
        // Then each invalid byte is one character (U+FFFD) of a window of the line, the caret under the first one
        #expect(
            error.description == """
                Scenarios/a.json:1:9: error: expected UTF-8 text, found byte 0x80
                {"a": "À\(String(repeating: "\u{FFFD}", count: 110))…
                        ^
                  hint: save the file as UTF-8
                """)
    }

    /// Found by `make fuzz` (fuzz-golden): the '\r' of a line ending in "\r\n" was counted as a character before the
    /// excerpt dropped it, so a line of exactly 120 characters was cut to a window, losing its last character.
    @Test(arguments: ["\r\n2", "\r"])
    func aLineOf120CharactersEndingInCarriageReturnIsQuotedWhole(_ ending: String) throws {
        // Given an error at the start of a line of 120 characters, then "\r\n" (or '\r' at the end of the file)
        let line = "x" + String(repeating: " ", count: 118) + "1"
        // When it is parsed
        let error = try #require(parseError(line + ending))
        // Then the whole line is quoted, without the '\r'
        #expect(error.headline.hasPrefix("Scenarios/a.json:1:1: error: expected a value"))
        #expect(error.excerpt == SourceExcerpt(text: line, caret: 1))
    }

    /// Found by `make fuzz` (fuzz-golden): columns counted the bytes that are not continuation bytes, while the
    /// excerpt shows each invalid byte as one U+FFFD, so after invalid bytes the caret stood left of what it named.
    @Test func aCaretAfterInvalidUTF8IsUnderTheCharacterItNames() throws {
        // Given a syntax error after two stray continuation bytes in a string (json-c reads strings as bytes)
        let bytes = Array(#"{"a": ""#.utf8) + [0x80, 0x80] + Array(#"" x}"#.utf8)
        // When it is parsed
        let error = try #require(parseError(bytes: bytes))
        // Then the column counts each invalid byte as a character, and the caret is under the 'x'
        #expect(
            error.description == """
                Scenarios/a.json:1:12: error: expected ',' or '}' after object member, found 'x'
                {"a": "\u{FFFD}\u{FFFD}" x}
                           ^
                  hint: put a ',' between members, or close the object with '}'
                """)
    }

    /// Found by `make fuzz` (fuzz-json): json-c keeps keys as C strings, so `"s\u0000end"` was read as the key `s`,
    /// and two keys that differ only after a `\u0000` were merged into one, silently.
    @Test(arguments: [
        (#"{"s\u0000end": 1}"#, 1, 4), (#"{"a\u0000": 1, "a\u0000b": 2}"#, 1, 4),
        ("{\n  \"steps\": [{\"send\": \"x\", \"val\\u0000ue\" : 1}]\n}", 2, 31),
    ])
    func aKeyWithAnEscapedNulIsRefused(_ text: String, line: Int, column: Int) throws {
        // Given an object key with \u0000 in it
        // When it is parsed
        let error = try #require(parseError(text))
        // Then it is refused at the escape
        #expect(
            error.headline
                == "Scenarios/a.json:\(line):\(column): error: expected a key without NUL characters, found \\u0000")
        #expect(error.hint == "remove the \\u0000 from the key")
    }

    @Test func aStringValueWithAnEscapedNulKeepsIt() throws {
        // Given \u0000 in string values, not keys
        let value = try JSONParser().parseValue(#"{"a": "x\u0000y", "b": ["\u0000"], "c": "\u0000" }"#)
        // Then the values keep it
        #expect(value == ["a": "x\u{0}y", "b": ["\u{0}"], "c": "\u{0}"])
    }

    /// Found by `make fuzz` (fuzz-json): json-c keeps "é" written precomposed (U+00E9) and decomposed (e, U+0301)
    /// as two keys, while Swift strings (and so every lookup by key) take them for one: one member was unreachable.
    @Test func twoKeysInDifferentNormalizationFormsAreADuplicate() throws {
        // Given one object with "é" as a key in both forms
        let text = "{\"\u{E9}\": 1,\n \"e\u{301}\": 2}"
        // When it is parsed
        let error = try #require(parseError(text))
        // Then it is refused as a duplicate key, saying why two keys that look alike are one
        #expect(
            error.description == """
                Scenarios/a.json:2:2: error: expected each key once per object, found "e\u{301}" again, written in \
                another Unicode normalization form (first at line 1, column 2)
                 "e\u{301}": 2}
                 ^
                  hint: remove or rename one of the two members
                """)
    }

    private func parseError(_ text: String) -> JSONError? {
        parseError(bytes: Array(text.utf8))
    }

    private func parseError(bytes: [UInt8]) -> JSONError? {
        do {
            _ = try JSONParser().parse(bytes: bytes, path: "Scenarios/a.json")
            return nil
        } catch {
            return error
        }
    }
}
