import Testing

@testable import ScenarioJSON

@Suite("JSONDocument and JSONPointer")
struct JSONDocumentTests {
    let text = """
        {
          "viewModel": "Contributors",
          "steps": [
            { "at": "0ms", "send": "load" },
            { "wait": "500ms" },
            {"send": "menuItemSelected", "value": 3}
          ],
          "a/b": {"~c": [true]},
          "name": "Zoë", "after": "x"
        }
        """

    @Test func locatesValuesByPointer() throws {
        // Given a parsed document
        let document = try JSONParser().parse(text, path: "Scenarios/a.json")
        // When values are located by JSON Pointer
        let places = [
            "", "/viewModel", "/steps/0/send", "/steps/2/value", "/a~1b/~0c/0", "/after", "/steps/9",
            "/steps/1/wait/x",
        ]
        .compactMap(JSONPointer.init(parsing:))
        .map { document.location(of: $0)?.description ?? "none" }
        // Then each is the value's first character (missing ones fall back to the nearest enclosing value)
        #expect(
            places == [
                "Scenarios/a.json:1:1", "Scenarios/a.json:2:16", "Scenarios/a.json:4:28", "Scenarios/a.json:6:43",
                "Scenarios/a.json:8:18", "Scenarios/a.json:9:27", "Scenarios/a.json:3:12", "Scenarios/a.json:5:15",
            ])
    }

    @Test func buildsErrorsAtAValue() throws {
        let document = try JSONParser().parse(text, path: "Scenarios/a.json")
        let error = document.error(
            at: JSONPointer(["steps", "2", "send"]), "unknown input 'menuItemSelected'",
            hint: "use one of load, loadMore")
        #expect(
            error.description == """
                Scenarios/a.json:6:14: error: unknown input 'menuItemSelected'
                    {"send": "menuItemSelected", "value": 3}
                             ^
                  hint: use one of load, loadMore
                """)
        #expect(error.pointer?.description == "/steps/2/send")
    }

    @Test func parsesAndPrintsPointers() {
        #expect(JSONPointer(parsing: "/a~1b/~0c/0")?.tokens == ["a/b", "~c", "0"])
        #expect(JSONPointer(["a/b", "~c", "0"]).description == "/a~1b/~0c/0")
        #expect(JSONPointer(parsing: "a") == nil)
        #expect(JSONPointer(parsing: "/a~2") == nil)
        #expect(JSONPointer(parsing: "")?.tokens == [])
    }

    /// Found by `make fuzz` (fuzz-json): the pointer was read and written by `Character`, and a combining mark joins
    /// the character before it, so a token starting with one (or a `~` or `/` followed by one) did not read back.
    @Test(arguments: [["\u{301}a\u{301}mocks"], ["~\u{301}", "/\u{301}"], ["a", "\u{301}", ""]])
    func aPointerWhoseTokensStartWithCombiningMarksReadsBack(_ tokens: [String]) throws {
        // Given a pointer whose tokens hold combining marks right after a '/', a '~' or a '/' to escape
        let pointer = JSONPointer(tokens)
        // When it is written and read back
        let read = try #require(JSONPointer(parsing: pointer.description))
        // Then it has the same tokens, scalar for scalar
        #expect(read.tokens.map { Array($0.unicodeScalars) } == tokens.map { Array($0.unicodeScalars) })
    }

    @Test func writesCombiningMarksAfterEscapesAsTheyAre() {
        #expect(
            JSONPointer(["~\u{301}", "/\u{301}"]).description.unicodeScalars.elementsEqual(
                "/~0\u{301}/~1\u{301}".unicodeScalars))
    }

    @Test func readsValuesByPointerAndSubscript() throws {
        let document = try JSONParser().parse(text)
        #expect(document.root[JSONPointer(["steps", "2", "value"])] == 3)
        #expect(document.root["steps"]?[1]?["wait"]?.stringValue == "500ms")
        #expect(document.root[JSONPointer(["steps", "01"])] == nil)
        #expect(document.text == text)
    }

    @Test func keepsObjectsOrderedWithFastLookup() {
        var object = JSONObject()
        for index in (0..<20).reversed() { object["k\(index)"] = .integer(Int64(index)) }
        object["k5"] = nil
        object["k3"] = "three"
        #expect(object.keys == (0..<20).reversed().filter { $0 != 5 }.map { "k\($0)" })
        #expect(object["k3"] == "three")
        #expect(object["k5"] == nil)
        #expect(object.position(of: "k19") == 0)
    }
}
