import Foundation
import Testing

@testable import ScenarioJSON

@Suite("JSONValueDecoder")
struct JSONValueDecoderTests {
    struct Config: Codable, Equatable {
        var storeId: Int
    }

    enum Input: Codable, Equatable {
        case load
        case menuItemSelected(Int)
        case search(query: String, limit: UInt8?)
    }

    struct Scenario: Codable, Equatable {
        var viewModel: String
        var config: Config
        var until: ScenarioDuration
        var tags: [String]
        var note: String?
        var byName: [String: Int]
        var byId: [Int: String]
        var inputs: [Input]
        var extra: JSONValue
    }

    let text = """
        {
          "viewModel": "Contributors",
          "config": {"storeId": 42},
          "until": "1.5s",
          "tags": ["a", "b"],
          "byName": {"x": 1},
          "byId": {"7": "seven", "3": "three"},
          "inputs": [{"load": {}}, {"menuItemSelected": {"_0": 3}}, {"search": {"query": "k", "limit": 5}}],
          "extra": {"z": [1, 2.5, null]}
        }
        """

    @Test func decodesNestedTypesEnumsDictionariesAndOptionals() throws {
        let document = try JSONParser().parse(text, path: "Scenarios/x.json")
        let scenario = try JSONValueDecoder().decode(Scenario.self, from: document)
        #expect(
            scenario
                == Scenario(
                    viewModel: "Contributors", config: Config(storeId: 42),
                    until: ScenarioDuration(nanoseconds: 1_500_000_000),
                    tags: ["a", "b"], note: nil, byName: ["x": 1], byId: [7: "seven", 3: "three"],
                    inputs: [.load, .menuItemSelected(3), .search(query: "k", limit: 5)], extra: ["z": [1, 2.5, nil]]))
    }

    func decodeFailure<T: Decodable>(_ type: T.Type, _ text: String, at pointer: JSONPointer = .root) -> String {
        renderedError {
            let document = try JSONParser().parse(text, path: "Scenarios/x.json")
            _ = try JSONValueDecoder().decode(type, from: document, at: pointer)
        }
    }

    @Test func namesTheCodingPathAndLocationOfAMismatch() {
        let failure = decodeFailure(Scenario.self, text.replacingOccurrences(of: "42}", with: "\"42\"}"))
        #expect(
            failure == """
                Scenarios/x.json:3:25: error: config.storeId: expected an integer, found the string "42"
                  "config": {"storeId": "42"},
                                        ^
                  hint: write an integer here, without quotes
                """)
    }

    @Test func decodesFromAPointerAndKeepsThePathFromThere() {
        let failure = decodeFailure(
            [Input].self, text.replacingOccurrences(of: "\"_0\": 3", with: "\"_0\": 3.0"),
            at: JSONPointer(["inputs"]))
        #expect(
            failure == """
                Scenarios/x.json:8:56: error: inputs[1].menuItemSelected._0: expected an integer, found the number 3.0
                  "inputs": [{"load": {}}, {"menuItemSelected": {"_0": 3.0}}, {"search": {"query": "k", "limit": 5}}],
                                                                       ^
                  hint: write it without a fraction, e.g. 3
                """)
    }

    @Test func reportsIntegersOutOfRangeOfTheSwiftType() {
        let failure = decodeFailure(
            Scenario.self, text.replacingOccurrences(of: "\"limit\": 5", with: "\"limit\": 300"))
        #expect(
            failure == """
                Scenarios/x.json:8:96: error: inputs[2].search.limit: expected an integer between 0 and 255 (UInt8), found 300
                  "inputs": [{"load": {}}, {"menuItemSelected": {"_0": 3}}, {"search": {"query": "k", "limit": 300}}],
                                                                                                               ^
                  hint: write a number in that range, or widen the Swift type
                """)
    }

    @Test func reportsDurationErrorsAtTheValue() {
        let failure = decodeFailure(Scenario.self, text.replacingOccurrences(of: "\"1.5s\"", with: "\"1.5 sec\""))
        #expect(
            failure == """
                Scenarios/x.json:4:12: error: until: expected one of the units ns, us, ms, s, m, h, found "1.5 sec"
                  "until": "1.5 sec",
                           ^
                  hint: use one of the units ns, us, ms, s, m, h, e.g. "1.5ms"
                """)
    }

    @Test func reportsNullForANonOptionalAndTooFewElements() {
        #expect(
            renderedError { _ = try JSONValueDecoder().decode([String].self, from: ["a", nil]) }
                == "error: [1]: expected a string, found null\n  hint: write the value in double quotes")
        struct Pair: Decodable {
            var first: Int
            var second: Int
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                first = try container.decode(Int.self)
                second = try container.decode(Int.self)
            }
        }
        #expect(
            renderedError { _ = try JSONValueDecoder().decode(Pair.self, from: [1]) }
                == "error: expected another element, found the end of an array of 1\n"
                + "  hint: add the missing elements to the array")
    }

    @Test func convertsDecodingErrorsFromCustomInitializers() {
        struct Even: Decodable {
            init(from decoder: any Decoder) throws {
                let number = try decoder.singleValueContainer().decode(Int.self)
                guard number % 2 == 0 else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: decoder.codingPath,
                            debugDescription: "expected an even number, found \(number)"))
                }
            }
        }
        let failure = decodeFailure([String: Even].self, "{\"a\": 2,\n \"b\": 3}")
        #expect(
            failure == """
                Scenarios/x.json:2:7: error: b: expected an even number, found 3
                 "b": 3}
                      ^
                  hint: change the value to one the type accepts
                """)
    }

    @Test func reportsMismatchesInsideAndOfStringKeyedDictionaries() {
        let failure = decodeFailure([String: [Int]].self, "{\"a\": [1],\n \"b\": [2, \"3\"]}")
        #expect(
            failure == """
                Scenarios/x.json:2:11: error: b[1]: expected an integer, found the string "3"
                 "b": [2, "3"]}
                          ^
                  hint: write an integer here, without quotes
                """)
        #expect(
            renderedError { _ = try JSONValueDecoder().decode([String: Int].self, from: [1]) }
                == "error: expected an object, found an array\n  hint: write an object here")
    }

    @Test func decodesScalarsWithTheDocumentedRules() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(Double.self, from: 3) == 3.0)
        #expect(try decoder.decode(Float.self, from: 0.5) == 0.5)
        #expect(try decoder.decode(Int8.self, from: -128) == -128)
        #expect(try decoder.decode(UInt64.self, from: .integer(.max)) == UInt64(Int64.max))
        #expect(try decoder.decode(Bool?.self, from: nil) == nil)
        #expect(
            renderedError { _ = try decoder.decode(Int8.self, from: 128) }
                == "error: expected an integer between -128 and 127 (Int8), found 128\n"
                + "  hint: write a number in that range, or widen the Swift type")
        #expect(
            renderedError { _ = try decoder.decode(Float.self, from: 1e300) }
                == "error: expected a number within the range of Float, found the number 1e+300\n"
                + "  hint: write a number between -3.4e38 and 3.4e38")
        #expect(
            renderedError { _ = try decoder.decode(Bool.self, from: "true") }
                == "error: expected a bool, found the string \"true\"\n  hint: write a bool here, without quotes")
    }

    @Test func decodesDatesDataAndURLs() throws {
        struct Stamp: Decodable, Equatable {
            var date: Date
            var blob: Data
            var link: URL
        }
        let value: JSONValue = ["date": 1_700_000_000, "blob": "aGk=", "link": "https://example.com/a?b=1"]
        let stamp = try JSONValueDecoder(dateDecodingStrategy: .secondsSince1970).decode(Stamp.self, from: value)
        #expect(
            stamp
                == Stamp(
                    date: Date(timeIntervalSince1970: 1_700_000_000), blob: Data("hi".utf8),
                    link: URL(string: "https://example.com/a?b=1")!))
        let iso = JSONValueDecoder(dateDecodingStrategy: .iso8601)
        #expect(try iso.decode(Date.self, from: "2023-11-14T22:13:20Z") == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(
            try iso.decode(Date.self, from: "2023-11-14T22:13:20.500Z")
                == Date(timeIntervalSince1970: 1_700_000_000.5))
        let milliseconds = JSONValueDecoder(dateDecodingStrategy: .millisecondsSince1970)
        #expect(
            try milliseconds.decode(Date.self, from: 1_700_000_000_250)
                == Date(timeIntervalSince1970: 1_700_000_000.25))
        #expect(
            renderedError { _ = try iso.decode(Date.self, from: "yesterday") } == """
                error: expected an ISO 8601 date, found the string "yesterday"
                  hint: write it like "2026-11-29T12:00:00Z"
                """)
        #expect(
            renderedError { _ = try JSONValueDecoder().decode(Data.self, from: "%%") }
                == "error: expected base64 text, found the string \"%%\"\n  hint: write the bytes as a base64 string")
    }

    /// Apple's `JSONEncoder` (Foundation's documented defaults) writes a `Date` as seconds since 2001-01-01
    /// (`deferredToDate`) or, with `.iso8601`, as `2026-01-01T09:00:00Z`; `URL` and `UUID` as strings; `Decimal`
    /// as a number; `IndexPath` as its unkeyed array (`[0, 2]`). On Linux, Foundation's own `Decimal` and
    /// `IndexPath` coding uses keyed containers instead, so the decoder reads these shapes itself.
    @Test func decodesFoundationValuesInTheShapeAppleJSONEncoderWrites() throws {
        struct Review: Decodable, Equatable {
            var id: UUID
            var createdAt: Date
            var editedAt: Date
            var avatar: URL
            var rating: Decimal
            var price: Decimal
            var selection: IndexPath
        }
        let value: JSONValue = [
            "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "createdAt": "2026-01-01T09:00:00.300250Z",
            "editedAt": 788_950_800.5, "avatar": "https://example.com/u/1.png?size=2", "rating": 4.35,
            "price": "12345678901234567890.25", "selection": [0, 2],
        ]

        let review = try JSONValueDecoder().decode(Review.self, from: value)

        #expect(
            review
                == Review(
                    id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
                    createdAt: Date(timeIntervalSince1970: 1_767_258_000.300250),
                    editedAt: Date(timeIntervalSinceReferenceDate: 788_950_800.5),
                    avatar: URL(string: "https://example.com/u/1.png?size=2")!,
                    rating: Decimal(string: "4.35")!, price: Decimal(string: "12345678901234567890.25")!,
                    selection: IndexPath(indexes: [0, 2])))
    }

    @Test func readsISO8601DatesWithOffsetsAndFractionsUnderEveryStrategy() throws {
        let expected = Date(timeIntervalSince1970: 1_767_258_000.5)
        for strategy in [JSONValueDecoder.DateDecodingStrategy.deferredToDate, .secondsSince1970, .iso8601] {
            let decoder = JSONValueDecoder(dateDecodingStrategy: strategy)
            #expect(try decoder.decode(Date.self, from: "2026-01-01T10:00:00.5+01:00") == expected)
            #expect(try decoder.decode(Date.self, from: "2026-01-01T09:00:00.500000000Z") == expected)
        }
        #expect(
            try JSONValueDecoder().decode([Date].self, from: ["2024-02-29T00:00:00Z", "1969-12-31T23:59:59Z"])
                == [Date(timeIntervalSince1970: 1_709_164_800), Date(timeIntervalSince1970: -1)])
    }

    @Test func reportsFoundationValuesThatDoNotFit() {
        #expect(
            renderedError { _ = try JSONValueDecoder().decode(Date.self, from: "2026-02-30T09:00:00Z") } == """
                error: expected an ISO 8601 date, found the string "2026-02-30T09:00:00Z"
                  hint: write it like "2026-11-29T12:00:00Z"
                """)
        #expect(
            renderedError { _ = try JSONValueDecoder().decode(Date.self, from: true) } == """
                error: expected a date (an ISO 8601 string or a number), found the bool true
                  hint: write it like "2026-11-29T12:00:00Z"
                """)
        #expect(
            renderedError { _ = try JSONValueDecoder().decode([String: Decimal].self, from: ["price": "cheap"]) }
                == """
                error: price: expected a decimal number, found the string "cheap"
                  hint: write a number such as 12.5, or a string of digits for more precision
                """)
        #expect(
            renderedError { _ = try JSONValueDecoder().decode(IndexPath.self, from: ["section": 0]) }
                == """
                error: expected an index path (an array of integers such as [0, 2]), found an object
                  hint: write the index path as an array of integers, e.g. [0, 2]
                """)
        #expect(
            renderedError { _ = try JSONValueDecoder().decode([String: IndexPath].self, from: ["selection": "first"]) }
                == """
                error: selection: expected an index path (an array of integers such as [0, 2]), found the string \
                "first"
                  hint: write the index path as an array of integers, e.g. [0, 2]
                """)
        #expect(
            renderedError { _ = try JSONValueDecoder().decode(IndexPath.self, from: [0, "two"]) }
                == "error: [1]: expected an integer, found the string \"two\"\n  hint: write an integer here, without quotes"
        )
        #expect(
            renderedError { _ = try JSONValueDecoder().decode(UUID.self, from: "not-a-uuid") }
                == """
                error: expected a UUID, found the string "not-a-uuid"
                  hint: write it like "E621E1F8-C36C-495A-93FC-0C247A3E6E5F" (32 hexadecimal digits in groups of \
                8-4-4-4-12)
                """)
        #expect(
            renderedError { _ = try JSONValueDecoder().decode(UUID.self, from: 7) }
                == "error: expected a string, found the integer 7\n  hint: write the value in double quotes")
        #expect(
            renderedError { _ = try JSONValueDecoder().decode(URL.self, from: "") }
                == """
                error: expected a URL, found the string ""
                  hint: write a URL such as "https://example.com"
                """)
        #expect(
            renderedError { _ = try JSONValueDecoder().decode(Data.self, from: "not base64!") }
                == """
                error: expected base64 text, found the string "not base64!"
                  hint: write the bytes as a base64 string
                """)
    }

    @Test func decodesThroughSuperDecoders() throws {
        class Base: Decodable {
            var id: Int
            enum CodingKeys: CodingKey { case id }
            required init(from decoder: any Decoder) throws {
                id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
            }
        }
        final class Derived: Base {
            var name: String
            enum DerivedKeys: CodingKey { case name }
            required init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: DerivedKeys.self)
                name = try container.decode(String.self, forKey: .name)
                try super.init(from: container.superDecoder())
            }
        }
        let derived = try JSONValueDecoder().decode(Derived.self, from: ["name": "Kim", "super": ["id": 7]])
        #expect([derived.id] == [7] && derived.name == "Kim")
        #expect(
            renderedError { _ = try JSONValueDecoder().decode(Derived.self, from: ["name": "Kim"]) }
                == "error: super: expected an object, found null\n  hint: write an object here")
    }
}
