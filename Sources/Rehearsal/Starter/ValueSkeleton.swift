import Foundation
import ScenarioJSON

/// A value of a `Decodable` type made from nothing, as the JSON a scenario would write for it: what
/// `rehearsal new` puts in a starter scenario for a config, an input's value or a synchronous mock's answer.
///
/// The type's own `init(from:)` is run against a decoder that answers every request with a plain value and records
/// what was asked: `"text"` (not empty, which search-as-you-type ViewModels ignore), `0`, `false`, an array of one
/// element, `null` for an optional member. A synthesised `Decodable` struct so gives its members in declaration
/// order:
///
/// ```swift
/// struct Page: Decodable { let items: [Item]; let cursor: String? }
/// ValueSkeleton.make(Page.self)   // .success({"items": [{"id": 0, "name": "text"}], "cursor": null})
/// ```
/// Foundation's values are written as scenarios write them (`Date` as `"2026-01-01T09:00:00Z"`, `URL`, `UUID`,
/// `Data`, `Decimal`, `IndexPath`), and a `CaseIterable` and `Encodable` enum as its first case. What cannot be made this way is a
/// ``Gap``: an enum that is not `CaseIterable` (its case names are not known), a value its initialiser refuses
/// (`init(rawValue: "")`), a type that is not `Decodable`.
package enum ValueSkeleton {
    /// Why no value of a type could be made.
    package struct Gap: Error, Equatable, Sendable {
        /// The type, as Swift names it.
        package var typeName: String
        /// What stopped it (the initialiser's error).
        package var reason: String
    }

    /// The JSON of a plain value of `type`.
    package static func make(_ type: Any.Type) -> Result<JSONValue, Gap> {
        guard let decodable = type as? any Decodable.Type else {
            return .failure(Gap(typeName: String(describing: type), reason: "it is not Decodable"))
        }
        return attempt(decodable, forcedCase: nil)
    }

    /// The JSON of the payload of case `name` of the enum `type` (its synthesised `Codable` shape: `{}` for a case
    /// without one, `{"_0": …}` for unlabelled values, the labels otherwise).
    package static func make(case name: String, of type: Any.Type) -> Result<JSONValue, Gap> {
        guard let decodable = type as? any Decodable.Type else {
            return .failure(Gap(typeName: String(describing: type), reason: "it is not Decodable"))
        }
        return attempt(decodable, forcedCase: name).flatMap { wrapped in
            guard let payload = wrapped[name] else {
                return .failure(Gap(typeName: String(describing: type), reason: "it has no case '\(name)'"))
            }
            return .success(payload)
        }
    }

    /// Tries arrays of one element first (they show the element's shape), then empty ones (a recursive type).
    private static func attempt(_ type: any Decodable.Type, forcedCase: String?) -> Result<JSONValue, Gap> {
        var reason = ""
        for arrays in [SkeletonContext.Arrays.oneElement, .empty] {
            let context = SkeletonContext(arrays: arrays, forcedCase: forcedCase)
            let slot = SkeletonSlot()
            do {
                _ = try context.decode(type, into: slot, path: [])
                let json = slot.json
                // The scenario's own decoder must read it back (a custom init may accept what JSON cannot say).
                _ = try JSONValueDecoder().decode(type, from: json)
                return .success(json)
            } catch {
                reason = (error as? JSONError)?.message ?? Self.describe(error)
            }
        }
        return .failure(Gap(typeName: String(describing: type), reason: reason))
    }

    /// A decoding error as one line.
    static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?, .typeMismatch(_, let context)?, .valueNotFound(_, let context)?,
            .keyNotFound(_, let context)?:
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return (path.isEmpty ? "" : path + ": ") + context.debugDescription
        default:
            return "\(error)"
        }
    }

    /// The instant every starter scenario's dates show: the scenarios' default clock.
    static let date = Date(timeIntervalSince1970: 1_767_258_000)
}

/// One value being made: unset, a scalar, or an object or array of slots filled in as the initialiser asks.
final class SkeletonSlot {
    enum Content {
        case unset
        case value(JSONValue)
        case object([(key: String, slot: SkeletonSlot)])
        case array([SkeletonSlot])
    }

    var content = Content.unset

    /// The JSON made so far (`null` for what was never asked).
    var json: JSONValue {
        switch content {
        case .unset: return .null
        case .value(let value): return value
        case .array(let slots): return .array(slots.map(\.json))
        case .object(let members):
            var object = JSONObject()
            for member in members where object[member.key] == nil { object[member.key] = member.slot.json }
            return .object(object)
        }
    }

    /// The slot of member `key`, made an object first when it is not one.
    func member(_ key: String) -> SkeletonSlot {
        var members: [(key: String, slot: SkeletonSlot)] = []
        if case .object(let existing) = content { members = existing }
        let slot = SkeletonSlot()
        members.append((key, slot))
        content = .object(members)
        return slot
    }

    /// A new last element, made an array first when it is not one.
    func element() -> SkeletonSlot {
        var elements: [SkeletonSlot] = []
        if case .array(let existing) = content { elements = existing }
        let slot = SkeletonSlot()
        elements.append(slot)
        content = .array(elements)
        return slot
    }
}

/// What one attempt at a skeleton shares: how arrays are filled, the case forced at the top, the types being made.
final class SkeletonContext {
    enum Arrays {
        case oneElement
        case empty
    }

    let arrays: Arrays
    /// The case `allKeys` names at the top of an enum's decoding (`make(case:of:)`).
    var forcedCase: String?
    /// The types being made, outermost first: a type inside itself gets an empty array or fails.
    private var making: [ObjectIdentifier] = []

    init(arrays: Arrays, forcedCase: String?) {
        self.arrays = arrays
        self.forcedCase = forcedCase
    }

    /// Whether an array at this depth gets an element.
    var fillsArrays: Bool { arrays == .oneElement && making.count < 8 }

    /// Makes a value of `type` into `slot`.
    func decode<T: Decodable>(_ type: T.Type, into slot: SkeletonSlot, path: [any CodingKey]) throws -> T {
        if let known = Self.foundation(type) {
            slot.content = .value(known.json)
            guard let value = known.value as? T else { throw Self.refused(type, path) }
            return value
        }
        if let first = Self.firstCase(type) {
            slot.content = .value(first.json)
            guard let value = first.value as? T else { throw Self.refused(type, path) }
            return value
        }
        let identifier = ObjectIdentifier(type)
        guard !making.contains(identifier) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: path, debugDescription: "\(T.self) contains itself"))
        }
        making.append(identifier)
        defer { making.removeLast() }
        return try T(from: SkeletonDecoder(slot: slot, context: self, codingPath: path))
    }

    private static func refused(_ type: Any.Type, _ path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: path, debugDescription: "no plain value of \(type) is known"))
    }

    /// Foundation's values as scenarios write them.
    private static func foundation(_ type: Any.Type) -> (value: Any, json: JSONValue)? {
        if type == Date.self { return (ValueSkeleton.date, .string("2026-01-01T09:00:00Z")) }
        if type == URL.self, let url = URL(string: "https://example.com") { return (url, .string(url.absoluteString)) }
        if type == UUID.self, let uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000000") {
            return (uuid, .string(uuid.uuidString))
        }
        if type == Data.self { return (Data(), .string("")) }
        if type == IndexPath.self { return (IndexPath(indexes: [0, 0]), .array([.integer(0), .integer(0)])) }
        if type == Decimal.self { return (Decimal(0), .integer(0)) }
        if type == JSONValue.self { return (JSONValue.null, .null) }
        return nil
    }

    /// The first case of a `CaseIterable`, `Encodable` type, and its JSON.
    private static func firstCase(_ type: Any.Type) -> (value: Any, json: JSONValue)? {
        guard let iterable = type as? any CaseIterable.Type else { return nil }
        return first(of: iterable)
    }

    private static func first<C: CaseIterable>(of type: C.Type) -> (value: Any, json: JSONValue)? {
        guard let first = type.allCases.first, let encodable = first as? any Encodable,
            let json = try? JSONValueEncoder().encode(encodable)
        else { return nil }
        return (first, json)
    }
}
