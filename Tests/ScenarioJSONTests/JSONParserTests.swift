import Testing

@testable import ScenarioJSON

@Suite("JSONParser")
struct JSONParserTests {
    @Test func parsesEveryKindOfValueAndKeepsKeyOrder() throws {
        // Given a document with every kind of value
        let text = #"{"z": null, "b": true, "n": -42, "d": 1.5, "e": 1e3, "s": "h\u00e9\n", "a": [1, {"k": []}]}"#
        // When it is parsed
        let document = try JSONParser().parse(text, path: "x.json")
        // Then every value is exact and the key order is the written one
        let expected: JSONValue = [
            "z": nil, "b": true, "n": -42, "d": 1.5, "e": 1000.0, "s": "hé\n", "a": [1, ["k": []]],
        ]
        #expect(document.root == expected)
        #expect(document.root.objectValue?.keys == ["z", "b", "n", "d", "e", "s", "a"])
        #expect(document.path == "x.json")
    }

    /// Found by `make fuzz` (fuzz-json): json-c gives a root `null` as no object, which the parser took for a
    /// failure, so a text that is only `null` (a `$file` mock body, say) was refused.
    @Test(arguments: [
        ("null", "Mocks/empty.json:1:1"), (" null\n", "Mocks/empty.json:1:2"), ("\r\n\tnull ", "Mocks/empty.json:2:2"),
    ])
    func aTextThatIsOnlyNullParses(_ text: String, location: String) throws {
        // Given a JSON text whose root value is null
        // When it is parsed
        let document = try JSONParser().parse(text, path: "Mocks/empty.json")
        // Then it is null, located where it is written
        #expect(document.root == .null)
        #expect(document.location(of: .root)?.description == location)
    }

    @Test func keepsIntegersExactAtTheEdgesOfInt64() throws {
        let value = try JSONParser().parseValue("[9223372036854775807, -9223372036854775808, 0, -0]")
        #expect(value == [.integer(.max), .integer(.min), 0, 0])
    }

    @Test func distinguishesIntegersFromDoubles() throws {
        let value = try JSONParser().parseValue("[1, 1.0, 1e0]")
        #expect(value == [.integer(1), .double(1), .double(1)])
    }

    @Test func acceptsDeepNestingUpToTheLimit() throws {
        let text = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(parseFailure(text).hasPrefix("parsed: "))
    }

    @Test(arguments: [
        (
            "{\n  \"a\": 1,\n}",
            """
            Scenarios/a.json:3:1: error: expected a string key after ',', found '}'
            }
            ^
              hint: remove the trailing ','
            """
        ),
        (
            "[1, 2,]",
            """
            Scenarios/a.json:1:7: error: expected a value after ',', found ']'
            [1, 2,]
                  ^
              hint: remove the trailing ','
            """
        ),
        (
            "{\n  \"a\": 1 // note\n}",
            """
            Scenarios/a.json:2:10: error: expected ',' or '}' after object member, found '/'
              "a": 1 // note
                     ^
              hint: remove the comment; JSON does not allow comments
            """
        ),
        (
            "[NaN]",
            """
            Scenarios/a.json:1:2: error: expected a number, found NaN
            [NaN]
             ^
              hint: write null or a string instead; JSON has no NaN or Infinity
            """
        ),
        (
            "{\"x\": [1, -Infinity]}",
            """
            Scenarios/a.json:1:11: error: expected a number, found -Infinity
            {"x": [1, -Infinity]}
                      ^
              hint: write null or a string instead; JSON has no NaN or Infinity
            """
        ),
        (
            "[1e400]",
            """
            Scenarios/a.json:1:2: error: expected a number within the range of Double, found 1e400
            [1e400]
             ^
              hint: write it as a string, or as a number between -1.8e308 and 1.8e308
            """
        ),
        (
            "{\"a\": 1} x",
            """
            Scenarios/a.json:1:10: error: expected end of file after the root value, found 'x'
            {"a": 1} x
                     ^
              hint: remove the extra text, or wrap several values in an array
            """
        ),
        (
            "{\n  \"id\": 1,\n  \"name\": \"Kim\",\n  \"id\": 2\n}",
            """
            Scenarios/a.json:4:3: error: expected each key once per object, found "id" again (first at line 2, column 3)
              "id": 2
              ^
              hint: remove or rename one of the two members
            """
        ),
        (
            "[{\"a\": {\"b\": 1, \"b\": 1}}]",
            """
            Scenarios/a.json:1:17: error: expected each key once per object, found "b" again (first at line 1, column 9)
            [{"a": {"b": 1, "b": 1}}]
                            ^
              hint: remove or rename one of the two members
            """
        ),
        (
            "{\"big\": 9223372036854775808}",
            """
            Scenarios/a.json:1:9: error: expected an integer between -9223372036854775808 and 9223372036854775807, \
            found 9223372036854775808
            {"big": 9223372036854775808}
                    ^
              hint: write it as a string, or with a fraction (e.g. 9223372036854775808.0) to make it a double
            """
        ),
        (
            "[-9223372036854775809]",
            """
            Scenarios/a.json:1:2: error: expected an integer between -9223372036854775808 and 9223372036854775807, \
            found -9223372036854775809
            [-9223372036854775809]
             ^
              hint: write it as a string, or with a fraction (e.g. -9223372036854775809.0) to make it a double
            """
        ),
        (
            "",
            """
            Scenarios/a.json:1:1: error: expected a JSON value, found end of file

            ^
              hint: write a JSON value, e.g. {}
            """
        ),
        (
            "  \n ",
            """
            Scenarios/a.json:2:2: error: expected a JSON value, found end of file
             
             ^
              hint: write a JSON value, e.g. {}
            """
        ),
        (
            "{\"a\": 1",
            """
            Scenarios/a.json:1:8: error: expected ',' or '}' after object member, found end of file
            {"a": 1
                   ^
              hint: close the object with '}'
            """
        ),
        (
            "{\n  \"steps\": [\n    {\"at\": \"0ms\" \"send\": \"load\"}\n  ]\n}",
            """
            Scenarios/a.json:3:18: error: expected ',' or '}' after object member, found '"'
                {"at": "0ms" "send": "load"}
                             ^
              hint: put a ',' between members, or close the object with '}'
            """
        ),
        (
            "{\"a\" 1}",
            """
            Scenarios/a.json:1:6: error: expected ':' after object key, found '1'
            {"a" 1}
                 ^
              hint: put a ':' between the key and its value
            """
        ),
        (
            "{a: 1}",
            """
            Scenarios/a.json:1:2: error: expected a string key in double quotes, found 'a'
            {a: 1}
             ^
              hint: write the key in double quotes, e.g. "name": 1
            """
        ),
        (
            "[1,\n 2",
            """
            Scenarios/a.json:2:3: error: expected ',' or ']' after array element, found end of file
             2
              ^
              hint: close the array with ']'
            """
        ),
        (
            "{\"s\": \"abc",
            """
            Scenarios/a.json:1:11: error: expected '"' to end the string, found end of file
            {"s": "abc
                      ^
              hint: close the string with '"'
            """
        ),
        (
            "[1 2]",
            """
            Scenarios/a.json:1:4: error: expected ',' or ']' after array element, found '2'
            [1 2]
               ^
              hint: put a ',' between elements, or close the array with ']'
            """
        ),
        (
            "[01]",
            """
            Scenarios/a.json:1:4: error: expected a number (digits without leading zeros), found ']'
            [01]
               ^
              hint: write the number as JSON does: no leading zeros, and digits after '-', '.' and 'e'
            """
        ),
        (
            "[\"a\tb\"]",
            """
            Scenarios/a.json:1:4: error: expected '"' or a string character, found a raw control character (U+0009) in a string
            ["a\tb"]
               ^
              hint: write it escaped, e.g. \\n, \\t or \\u0009
            """
        ),
        (
            "[\"\\x\"]",
            """
            Scenarios/a.json:1:4: error: expected a valid escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX), found 'x'
            ["\\x"]
               ^
              hint: write a backslash in a string as \\\\
            """
        ),
        (
            "{\"name\": \"Zoë\", \"x\": tru}",
            """
            Scenarios/a.json:1:25: error: expected a value (an object, array, string, number, true, false or null), found '}'
            {"name": "Zoë", "x": tru}
                                    ^
              hint: write true, false or null in lower case, or put text in double quotes
            """
        ),
    ])
    func rejectsWithTheFullErrorText(_ input: String, _ expected: String) {
        #expect(parseFailure(input) == expected)
    }

    @Test func rejectsInvalidUTF8WithTheByte() {
        // Given a string with a lone 0xFF byte on line 2
        let bytes = Array("{\n  \"name\": \"K".utf8) + [0xFF] + Array("m\"\n}".utf8)
        // Then the error points at the byte itself
        #expect(
            parseFailure(bytes: bytes) == """
                Scenarios/a.json:2:13: error: expected UTF-8 text, found byte 0xFF
                  "name": "K\u{FFFD}m"
                            ^
                  hint: save the file as UTF-8
                """)
    }

    @Test func rejectsNestingDeeperThanTheLimit() {
        #expect(
            parseFailure("[[[[1]]]]", maxDepth: 3) == """
                Scenarios/a.json:1:4: error: expected at most 3 levels of nested arrays and objects, found '[' one level deeper
                [[[[1]]]]
                   ^
                  hint: flatten the structure, or raise JSONParser.maxDepth
                """)
    }

    @Test func rendersErrorsWithoutAPath() {
        let error = renderedError { _ = try JSONParser().parse("[1,]") }
        #expect(
            error == """
                <input>:1:4: error: expected a value after ',', found ']'
                [1,]
                   ^
                  hint: remove the trailing ','
                """)
    }
}

@Suite("JSONParser UTF-8")
struct JSONParserUTF8Tests {
    @Test func acceptsTwoThreeAndFourByteSequences() throws {
        let value = try JSONParser().parse(bytes: Array(#"["é", "€", "日本", "😀", "\u00e9"]"#.utf8)).root
        #expect(value == ["é", "€", "日本", "😀", "é"])
    }

    @Test(
        arguments: [
            ([0xC0, 0x80], "0xC0"),  // overlong NUL
            ([0xE0, 0x80, 0x80], "0xE0"),  // overlong three-byte form
            ([0xED, 0xA0, 0x80], "0xED"),  // UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], "0xF4"),  // above U+10FFFF
            ([0xE2, 0x82], "0xE2"),  // truncated by the closing quote
            ([0x80], "0x80"),  // lone continuation byte
        ] as [([UInt8], String)])
    func rejectsInvalidSequencesAtTheirFirstByte(_ sequence: [UInt8], _ byte: String) {
        let bytes = Array(#"["ok", "a"#.utf8) + sequence + Array(#""]"#.utf8)
        let line = String(decoding: bytes, as: UTF8.self)
        #expect(
            parseFailure(bytes: bytes) == """
                Scenarios/a.json:1:10: error: expected UTF-8 text, found byte \(byte)
                \(line)
                         ^
                  hint: save the file as UTF-8
                """)
    }
}

@Suite("JSONParser prescan")
struct JSONParserPrescanTests {
    @Test(arguments: 0..<17)
    func findsARawControlCharacterAtAnyOffsetOfALongString(_ offset: Int) {
        // Given a long string with a raw newline-free control character (U+0001) at `offset`
        let content = String(repeating: "a", count: offset) + "\u{1}" + String(repeating: "b", count: 20)
        let text = "[\"\(content)\"]"
        // Then the error points at exactly that character, shown as '?' in the quoted line
        let caret = String(repeating: " ", count: offset + 2) + "^"
        #expect(
            parseFailure(text) == """
                Scenarios/a.json:1:\(offset + 3): error: expected '"' or a string character, found a raw control \
                character (U+0001) in a string
                \(String(text.map { $0 == "\u{1}" ? "?" : $0 }))
                \(caret)
                  hint: write it escaped, e.g. \\n, \\t or \\u0001
                """)
    }

    @Test func keepsLongStringsWithEscapesColonsAndNonASCII() throws {
        let text = #"{"k": "abcdefgh\"ijkl: mnop\\qrstuvwx", "é日本語の文字列です": "0123456789:0123456789"}"#
        let value = try JSONParser().parseValue(text)
        #expect(value == ["k": "abcdefgh\"ijkl: mnop\\qrstuvwx", "é日本語の文字列です": "0123456789:0123456789"])
    }
}
