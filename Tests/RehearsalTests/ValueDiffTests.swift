import ScenarioJSON
import Testing

@testable import Rehearsal

@Suite struct ValueDiffTests {
    private func lines(_ old: String, _ new: String, path: String = "value") throws -> [String] {
        ValueDiff.changes(
            try JSONParser().parseValue(old), try JSONParser().parseValue(new),
            path: try ValuePath(parsing: path)
        ).map(\.line)
    }

    @Test func namesTheNestedPathOfEachDifferingLeaf() throws {
        let old = try JSONParser().parseValue(
            #"{"value": [{"id": 1, "name": "Kim"}, {"id": 2, "name": "Lee"}], "x": {"a b": 1}}"#)
        let new = try JSONParser().parseValue(
            #"{"value": [{"id": 1, "name": "Kim"}, {"id": 2, "name": "Li"}], "x": {"a b": 2}, "y": true}"#)
        #expect(
            ValueDiff.changes(old, new, path: ValuePath()).map(\.line) == [
                #"value[1].name: - "Lee" + "Li""#,
                #"x["a b"]: - 1 + 2"#,
                "y: + true (added)",
            ])
    }

    @Test func anInsertedElementIsOneInsertionNotEveryLaterElementChanged() throws {
        #expect(
            try lines(
                #"[{"id": 1}, {"id": 2}, {"id": 3}]"#, #"[{"id": 0}, {"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}]"#)
                == [#"value[0]: + {"id": 0} (inserted)"#, #"value[4]: + {"id": 4} (inserted)"#])
    }

    @Test func aReorderedArrayIsMovesOfWholeElements() throws {
        // Given four people sorted by name, then by id descending (12 fields would differ position by position)
        let old =
            #"[{"id": 1, "name": "Ana"}, {"id": 2, "name": "Ben"}, {"id": 3, "name": "Cy"}, {"id": 4, "name": "Di"}]"#
        let new =
            #"[{"id": 4, "name": "Di"}, {"id": 1, "name": "Ana"}, {"id": 2, "name": "Ben"}, {"id": 3, "name": "Cy"}]"#
        // Then one element moved
        #expect(try lines(old, new) == [#"value[0]: {"id": 4, "name": "Di"} moved from value[3]"#])
        // and a full reversal is three moves around the element the alignment keeps
        #expect(
            try lines("[1, 2, 3, 4]", "[4, 3, 2, 1]") == [
                "value[1]: 3 moved from value[2]", "value[2]: 2 moved from value[1]", "value[3]: 1 moved from value[0]",
            ])
    }

    @Test func elementsAreChangedWhenTheyLookAlikeAndReplacedOtherwise() throws {
        // An element keeping its id is one element changed; one sharing nothing is removed and another inserted
        #expect(
            try lines(
                #"[{"id": 1, "name": "Kim"}, {"id": 2, "name": "Lee"}, {"id": 3, "name": "Mo"}]"#,
                #"[{"id": 1, "name": "Kim"}, {"id": 2, "name": "Li"}, {"id": 9, "name": "Zed"}]"#)
                == [
                    #"value[1].name: - "Lee" + "Li""#,
                    #"value[2]: - {"id": 3, "name": "Mo"} (removed)"#,
                    #"value[2]: + {"id": 9, "name": "Zed"} (inserted)"#,
                ])
        // An element edited and moved is one move and its changes
        #expect(
            try lines(
                #"[{"id": 3, "name": "Mo"}, {"id": 5, "name": "Zoë"}, {"id": 4, "name": "Tomas"}]"#,
                #"[{"id": 3, "name": "Mo"}, {"id": 4, "name": "Tomás"}, {"id": 5, "name": "Zoë"}]"#)
                == [
                    #"value[1]: {"id": 4, "name": "Tomas"} moved from value[2]"#,
                    #"value[1].name: - "Tomas" + "Tomás""#,
                ])
        // Scalars of one position are a changed value; a removed member is named
        #expect(try lines("[1, 2, 3]", "[1, 5, 3]") == ["value[1]: - 2 + 5"])
        #expect(try lines(#"{"a": 1, "b": 2}"#, #"{"a": 1}"#) == ["value.b: - 2 (removed)"])
    }

    @Test func pathsParseAndMatch() throws {
        let pattern = try ValuePath(parsing: "value[*].id")
        #expect(pattern.components == [.member("value"), .any, .member("id")])
        #expect(pattern.matches(ValuePath([.member("value"), .index(7), .member("id")])))
        #expect(!pattern.matches(ValuePath([.member("value"), .index(7)])))
        #expect(try ValuePath(parsing: #"args["page size"][0]"#).description == #"args["page size"][0]"#)
        let failures: [(String, ValuePath.ParseError)] = [
            ("", .init(offset: 0, message: "expected a path such as value[*].id, found nothing")),
            ("value.", .init(offset: 6, message: "expected a member name, found the end")),
            ("value[x]", .init(offset: 5, message: "expected [n], [*] or [\"name\"] after '[', found 'x'")),
            ("value[0", .init(offset: 5, message: "expected ']' to close the '[' here")),
            ("value/id", .init(offset: 5, message: "expected '.' or '[' after 'value', found '/'")),
        ]
        for (text, expected) in failures {
            #expect(throws: expected, "\(text)") { try ValuePath(parsing: text) }
        }
    }
}
