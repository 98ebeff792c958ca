import Testing

@testable import ScenarioJSON

@Suite("JSONWriter")
struct JSONWriterTests {
    let value: JSONValue = ["a": 1, "b": [1, 2.5, true, nil], "c": [:], "d": [], "e": ["x": "y"]]

    @Test func writesCompact() {
        #expect(
            JSONWriter(style: .compact).string(value) == #"{"a":1,"b":[1,2.5,true,null],"c":{},"d":[],"e":{"x":"y"}}"#)
    }

    @Test func writesSpaced() {
        #expect(
            JSONWriter(style: .spaced).string(value)
                == #"{"a": 1, "b": [1, 2.5, true, null], "c": {}, "d": [], "e": {"x": "y"}}"#)
    }

    @Test func writesPrettyWithTwoSpaces() {
        #expect(
            JSONWriter(style: .pretty).string(value) == """
                {
                  "a": 1,
                  "b": [
                    1,
                    2.5,
                    true,
                    null
                  ],
                  "c": {},
                  "d": [],
                  "e": {
                    "x": "y"
                  }
                }
                """)
    }

    @Test func writesTheTimelineLayoutOneEventPerLine() {
        // Given a timeline with two events and an empty second array
        let timeline: JSONValue = [
            "scenario": "contributors/load-and-paginate",
            "events": [
                ["at": "0ms", "seq": 0, "input": "load"],
                ["at": "300ms", "seq": 2, "output": "items", "value": [["id": 1, "name": "Kim"]]],
            ],
            "notes": [],
        ]
        // Then each event is on its own line, compact with spaces
        #expect(
            JSONWriter(style: .timeline(arrayKeys: ["events", "notes"])).string(timeline) == """
                {"scenario": "contributors/load-and-paginate", "events": [
                  {"at": "0ms", "seq": 0, "input": "load"},
                  {"at": "300ms", "seq": 2, "output": "items", "value": [{"id": 1, "name": "Kim"}]}
                ], "notes": []}
                """)
    }

    @Test func writesDoublesInShortestRoundTripFormAndKeepsThemDoubles() {
        let numbers: JSONValue = [1.0, 0.1, -0.0, 1e-7, 1e21, 123456.789, .double(.nan), .double(.infinity)]
        #expect(JSONWriter(style: .compact).string(numbers) == "[1.0,0.1,-0.0,1e-07,1e+21,123456.789,null,null]")
        #expect(
            JSONWriter(style: .compact).string([.integer(.min), .integer(.max)])
                == "[-9223372036854775808,9223372036854775807]")
    }

    @Test func roundTripsDoublesExactly() throws {
        let doubles: [Double] = [0.1, 1.0 / 3, .leastNonzeroMagnitude, 1.7976931348623157e308, 2.5e-8, 100]
        let text = JSONWriter(style: .compact).string(.array(doubles.map(JSONValue.double)))
        #expect(try JSONParser().parseValue(text) == .array(doubles.map(JSONValue.double)))
    }

    @Test func escapesStringsPerRFC8259() {
        let text: JSONValue = "quote \" backslash \\ slash / nl \n tab \t cr \r bell \u{7} nul \u{0} é 日本 😀"
        #expect(
            JSONWriter().string(text)
                == #""quote \" backslash \\ slash / nl \n tab \t cr \r bell \u0007 nul \u0000 é 日本 😀""#)
    }

    @Test func writesTheSameBytesForEqualValues() throws {
        let first = try JSONParser().parseValue(#"{"b": [1, {"z": 1, "a": 2}], "a": "x"}"#)
        let second = try JSONParser().parseValue(#"{ "b" : [ 1 , { "z" : 1 , "a" : 2 } ] , "a" : "x" }"#)
        #expect(JSONWriter(style: .compact).bytes(first) == JSONWriter(style: .compact).bytes(second))
        #expect(first.description == #"{"b": [1, {"z": 1, "a": 2}], "a": "x"}"#)
    }
}
