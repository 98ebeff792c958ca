import Foundation
import Testing

@testable import ScenarioJSON

@Suite("JSONValueEncoder")
struct JSONValueEncoderTests {
    enum Route: Codable, Equatable {
        case pushEditStore(storeId: Int)
        case close
        case menuItemSelected(Int)
    }

    struct Event: Codable, Equatable {
        var at: ScenarioDuration
        var seq: Int
        var route: Route?
        var args: [String: Int?]
        var counts: [Int: String]
        var ratio: Double
        var small: Float
        var tags: [String]
    }

    let event = Event(
        at: .milliseconds(300), seq: 7, route: .pushEditStore(storeId: 42), args: ["storeId": 42, "cursor": nil],
        counts: [10: "ten", 9: "nine"], ratio: 1, small: 0.1, tags: [])

    @Test func encodesInDeclarationOrderWithSortedDictionaries() throws {
        let value = try JSONValueEncoder().encode(event)
        #expect(
            value.description == """
                {"at": "0.300s", "seq": 7, "route": {"pushEditStore": {"storeId": 42}}, \
                "args": {"cursor": null, "storeId": 42}, "counts": {"9": "nine", "10": "ten"}, "ratio": 1.0, \
                "small": 0.1, "tags": []}
                """)
    }

    @Test func setsAndDictionariesWithOtherKeysAreWrittenInAStableOrder() throws {
        // Given containers whose own iteration order follows the per-process hash seed
        enum Color: String, Codable { case red, green, blue }
        struct Palette: Encodable {
            let names: Set<String>
            let weights: [Color: Int]
        }
        let palette = Palette(names: ["teal", "amber", "rose", "ink"], weights: [.red: 1, .green: 2, .blue: 3])

        // When encoded, Then sets are sorted by their JSON and key/value pairs by their key's JSON
        let text = JSONWriter(style: .spaced).string(try JSONValueEncoder().encode(palette))
        #expect(text == #"{"names": ["amber", "ink", "rose", "teal"], "weights": ["blue", 3, "green", 2, "red", 1]}"#)
    }

    @Test func roundTripsThroughTheDecoder() throws {
        let value = try JSONValueEncoder().encode([event, event])
        #expect(try JSONValueDecoder().decode([Event].self, from: value) == [event, event])
        let routes: [Route] = [.close, .menuItemSelected(3)]
        let encodedRoutes = try JSONValueEncoder().encode(routes)
        #expect(encodedRoutes.description == #"[{"close": {}}, {"menuItemSelected": {"_0": 3}}]"#)
        #expect(try JSONValueDecoder().decode([Route].self, from: encodedRoutes) == routes)
    }

    @Test func rejectsValuesJSONCannotHold() {
        struct Bad: Encodable {
            var values: [Double]
        }
        #expect(
            renderedError { _ = try JSONValueEncoder().encode(Bad(values: [1, .nan])) }
                == "error: values[1]: expected a finite number, found nan")
        #expect(
            renderedError { _ = try JSONValueEncoder().encode(["big": UInt64.max]) }
                == "error: big: expected an integer up to 9223372036854775807, found 18446744073709551615")
    }

    @Test func encodesDatesDataAndURLsWithTheChosenStrategy() throws {
        struct Stamp: Encodable {
            var date = Date(timeIntervalSince1970: 1_700_000_000.25)
            var blob = Data("hi".utf8)
            var link = URL(string: "https://example.com/a")
        }
        #expect(
            try JSONValueEncoder().encode(Stamp()).description
                == #"{"date": 721692800.25, "blob": "aGk=", "link": "https://example.com/a"}"#)
        #expect(
            try JSONValueEncoder(dateEncodingStrategy: .secondsSince1970).encode(Stamp())["date"] == 1_700_000_000.25)
        #expect(
            try JSONValueEncoder(dateEncodingStrategy: .millisecondsSince1970).encode(Stamp())["date"]
                == 1_700_000_000_250)
        #expect(
            try JSONValueEncoder(dateEncodingStrategy: .iso8601).encode(Stamp())["date"] == "2023-11-14T22:13:20.250Z")
    }

    /// ISO 8601 text keeps what the date holds: no fraction for whole seconds, milliseconds when they are whole,
    /// else microseconds (`ISO8601DateFormatter` would round them all to milliseconds).
    @Test func writesISO8601DatesExactlyToTheMicrosecond() throws {
        let encoder = JSONValueEncoder(dateEncodingStrategy: .iso8601)
        let dates = [
            Date(timeIntervalSince1970: 1_767_258_000), Date(timeIntervalSince1970: 1_767_258_000.3),
            Date(timeIntervalSince1970: 1_767_258_000.300250), Date(timeIntervalSince1970: -0.5),
            Date(timeIntervalSince1970: 951_782_400),
        ]
        #expect(
            try encoder.encode(dates)
                == [
                    "2026-01-01T09:00:00Z", "2026-01-01T09:00:00.300Z", "2026-01-01T09:00:00.300250Z",
                    "1969-12-31T23:59:59.500Z", "2000-02-29T00:00:00Z",
                ])
    }

    /// Apple's `JSONEncoder` writes `Decimal` as a number and `IndexPath` as its unkeyed array; Linux Foundation's
    /// own coding of both is keyed, so the encoder writes them itself.
    @Test func writesDecimalsAndIndexPathsAsAppleJSONEncoderDoes() throws {
        struct Row: Encodable {
            var price = Decimal(string: "12.345")!
            var count = Decimal(42)
            var selection = IndexPath(indexes: [0, 2])
            var id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        }
        #expect(
            try JSONValueEncoder().encode(Row()).description
                == #"{"price": 12.345, "count": 42, "selection": [0, 2], "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#
        )
    }

    @Test func encodesNestedAndSuperContainers() throws {
        class Base: Encodable {
            var id = 7
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: JSONCodingKey.self)
                try container.encode(id, forKey: JSONCodingKey(stringValue: "id"))
            }
        }
        final class Derived: Base {
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: JSONCodingKey.self)
                try container.encode("Kim", forKey: JSONCodingKey(stringValue: "name"))
                var nested = container.nestedUnkeyedContainer(forKey: JSONCodingKey(stringValue: "pairs"))
                var pair = nested.nestedContainer(keyedBy: JSONCodingKey.self)
                try pair.encode(true, forKey: JSONCodingKey(stringValue: "ok"))
                try nested.encodeNil()
                try super.encode(to: container.superEncoder())
            }
        }
        #expect(
            try JSONValueEncoder().encode(Derived()).description
                == #"{"name": "Kim", "pairs": [{"ok": true}, null], "super": {"id": 7}}"#)
    }

    @Test func letsJSONValueTravelThroughFoundationCoders() throws {
        let value: JSONValue = ["a": [1, 2.5, "x", nil, true]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }
}
