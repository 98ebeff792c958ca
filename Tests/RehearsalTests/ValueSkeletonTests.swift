import Foundation
import ScenarioJSON
import Testing

@testable import Rehearsal

/// A plain value of a `Decodable` type, made by running its own `init(from:)` (what `rehearsal new` writes for a
/// config, an input or a synchronous mock's answer).
@Suite struct ValueSkeletonTests {
    struct Item: Decodable { let id: Int; let name: String; let tags: [String]; let price: Double }
    struct Page: Decodable { let items: [Item]; let cursor: String?; let total: UInt8; let isLast: Bool }
    struct Stamped: Decodable { let at: Date; let link: URL; let id: UUID; let amount: Decimal; let row: IndexPath }
    enum Sort: String, Codable, CaseIterable { case newest, oldest }
    struct Sorted: Decodable { let sort: Sort }
    enum Mood: String, Decodable { case happy }
    final class Node: Decodable { let children: [Node]; let name: String }
    enum Action: Decodable { case load, add(title: String, count: Int), select(Int), close }
    struct Checked: Decodable {
        let count: Int

        init(from decoder: any Decoder) throws {
            count = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .count)
            guard count > 0 else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "count must be positive"))
            }
        }

        enum CodingKeys: CodingKey { case count }
    }

    static func json(_ type: Any.Type) -> String {
        switch ValueSkeleton.make(type) {
        case .success(let json): JSONWriter(style: .spaced).string(json)
        case .failure(let gap): "gap: \(gap.typeName): \(gap.reason)"
        }
    }

    @Test func aStructGivesItsMembersInOrderWithOneElementPerArrayAndNullForOptionals() {
        #expect(
            Self.json(Page.self)
                == #"{"items": [{"id": 0, "name": "text", "tags": ["text"], "price": 0}], "cursor": null, "total": 0, "#
                + #""isLast": false}"#)
    }

    @Test func foundationValuesAreWrittenAsScenariosWriteThemAndCaseIterableEnumsAsTheirFirstCase() {
        #expect(
            Self.json(Stamped.self)
                == #"{"at": "2026-01-01T09:00:00Z", "link": "https://example.com", "id": "#
                + #""00000000-0000-0000-0000-000000000000", "amount": 0, "row": [0, 0]}"#)
        #expect(Self.json(Sorted.self) == #"{"sort": "newest"}"#)
        #expect(Self.json(String?.self) == #""text""#)
        #expect(Self.json([Int: String].self) == "{}")
    }

    @Test func aRecursiveTypeGetsEmptyArraysAndWhatCannotBeMadeSaysWhy() {
        #expect(Self.json(Node.self) == #"{"children": [], "name": "text"}"#)
        #expect(
            Self.json(Mood.self)
                == #"gap: Mood: Cannot initialize Mood from invalid String value text"#)
        #expect(Self.json(Checked.self) == "gap: Checked: count must be positive")
        #expect(Self.json(NSObject.self) == "gap: NSObject: it is not Decodable")
    }

    @Test func anEnumCasesPayloadIsItsSynthesisedShape() {
        let payloads = ["load", "add", "select", "missing"].map { name in
            switch ValueSkeleton.make(case: name, of: Action.self) {
            case .success(let json): JSONWriter(style: .spaced).string(json)
            case .failure(let gap): "gap: \(gap.reason)"
            }
        }
        #expect(payloads[0...2] == [#"{}"#, #"{"title": "text", "count": 0}"#, #"{"_0": 0}"#])
        #expect(payloads[3].hasPrefix("gap: "), "\(payloads[3])")
    }
}
