import CombineCompat
import Foundation
import FrameworkSeam
import RehearsalBase
import ScenarioJSON

/// Turns any Swift value a ViewModel emits into a deterministic `JSONValue` for the timeline.
///
/// - A ``TimelineRepresentable`` value (a framework stand-in's `UIImage`, snapshot, `CLLocation`) is its
///   `timelineRepresentation`, encoded by these same rules.
/// - `Encodable` values encode through ScenarioJSON's `JSONValueEncoder` (enums in Swift's synthesised shape).
/// - Errors become `{"$error": "TypeName", …}`: an enum error adds `"case"` (and its payload as `"value"`), a
///   struct or class error adds its stored properties; an error without either adds `"message"`.
/// - Everything else goes through reflection, never through memory addresses:
///   structs and classes → `{"$type": "TypeName", "field": …}` in declaration order; enums without payload →
///   `"caseName"`, with payload → `{"caseName": payload}` (several payload values → an object keyed by label or
///   `_0`, `_1`…); optionals → the value or `null`; tuples → arrays (or objects when labelled); arrays and sets →
///   arrays (sets sorted by their canonical JSON); dictionaries → objects with keys sorted; functions →
///   `"$function"`; a class instance met again inside itself → `{"$cycle": "TypeName"}`.
/// - Never walked into, so that nothing of one process's memory reaches a timeline: a publisher →
///   `{"$type": "AnyPublisher<Output, Failure>"}`; other Combine values (a cancellable) → `{"$type": "AnyCancellable"}`;
///   a `@Published` property's storage → its value; pointers, object identifiers, addresses → `"$pointer"`.
/// - Nesting deeper than 32 levels is cut off as `"$depthLimit"`.
struct ValueEncoding {
    private let encoder = JSONValueEncoder(dateEncodingStrategy: .iso8601)
    private static let maxDepth = 32

    /// The timeline form of `value`.
    func encode(_ value: Any) -> JSONValue {
        var visiting = Set<ObjectIdentifier>()
        return encode(value, depth: 0, visiting: &visiting)
    }

    /// Whether `value` is an `Optional`, found once per type.
    static func isOptional(_ value: Any) -> Bool { Shape.of(value).isOptional }

    /// `value` unwrapped when it is an `Optional` (what it holds, or nil for `nil`); any other value as it is.
    static func unwrappingOptional(_ value: Any) -> Any? {
        let shape = Shape.of(value)
        guard shape.isOptional else { return value }
        if let cases = shape.enumCases { return cases.caseOf(value).payload }
        return Mirror(reflecting: value).children.first?.value
    }

    /// The case name and payload (nil without one) of an enum value, or nil when `value` is no enum; `mirror` is the
    /// value's, when the caller has made it already.
    static func enumCase(of value: Any, mirror: Mirror? = nil) -> (name: String, payload: Any?)? {
        if let cases = Shape.of(value).enumCases { return cases.caseOf(value) }
        let mirror = mirror ?? Mirror(reflecting: value)
        guard mirror.displayStyle == .enum else { return nil }
        return EnumCases.mirrorCase(of: value, mirror: mirror)
    }

    /// The name the timeline uses for a type: its unqualified name (`Route`, `EditStoreViewModel`).
    static func typeName(of value: Any) -> String {
        // As `String(describing:)` names a type, without its conformance lookups (a first lookup for a type scans
        // every conformance the process has).
        _typeName(type(of: value), qualified: false)
    }

    private func encode(_ value: Any, depth: Int, visiting: inout Set<ObjectIdentifier>) -> JSONValue {
        if depth > Self.maxDepth { return "$depthLimit" }
        // The commonest values, as the encoder would write them, without its machinery.
        switch value {
        case let number as Int: return .integer(Int64(number))
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        default: break
        }
        let shape = Shape.of(value)
        if shape.isOptional {
            guard let wrapped = Self.unwrappingOptional(value) else { return .null }
            return encode(wrapped, depth: depth, visiting: &visiting)
        }
        if shape.isRepresentable, let representable = value as? any TimelineRepresentable {
            return encode(representable.timelineRepresentation, depth: depth + 1, visiting: &visiting)
        }
        if shape.isError, let error = value as? any Error {
            return encodeError(error, mirror: Mirror(reflecting: value), depth: depth, visiting: &visiting)
        }
        if shape.isPublished, let published = value as? any PublishedStorageProperty {
            return encode(published.currentValue, depth: depth, visiting: &visiting)
        }
        if shape.isEncodable, let encodable = value as? any Encodable, let encoded = try? encoder.encode(encodable) {
            return encoded
        }
        if let opaque = shape.opaque { return opaque }
        if let fields = shape.fields {
            guard fields.isClass else { return typed(value, fields: fields, depth: depth, visiting: &visiting) }
            return walkingInto(value, visiting: &visiting) {
                typed(value, fields: fields, depth: depth, visiting: &$0)
            }
        }
        if let cases = shape.enumCases {
            return encodeCase(cases.caseOf(value), depth: depth, visiting: &visiting)
        }
        if let elements = shape.tupleElements {
            var children: [(label: String?, value: Any)] = []
            elements.forEach(in: value) { children.append(($0, $1)) }
            return encodeTuple(children, depth: depth, visiting: &visiting)
        }
        return reflect(value, mirror: Mirror(reflecting: value), depth: depth, visiting: &visiting)
    }

    /// What the rules above need to know of a value's type, found once per type (the conformance checks are most of
    /// the cost of recording a small value): the casts that fail for a type are not tried again for it.
    private struct Shape {
        var isOptional: Bool
        var isRepresentable: Bool
        var isError: Bool
        var isEncodable: Bool
        var opaque: JSONValue?
        var isPublished: Bool
        /// The stored properties read without `Mirror`, for a struct or class the rules above leave to reflection.
        var fields: StoredFields?
        /// The cases read without `Mirror`, for an enum (an `Optional` too, whichever rule encodes it).
        var enumCases: EnumCases?
        /// The elements read without `Mirror`, for a tuple.
        var tupleElements: TupleElements?

        private static let known = TypeMemo<Shape>()

        static func of(_ value: Any) -> Shape {
            known.value(for: type(of: value)) {
                // Asked in the order `encode` uses them, stopping at the first that decides the encoding: a type's
                // first conformance check scans every conformance the process has.
                var shape = Shape(
                    isOptional: false, isRepresentable: false, isError: false, isEncodable: false, opaque: nil,
                    isPublished: false, fields: nil, enumCases: EnumCases.of(value), tupleElements: nil)
                if Mirror(reflecting: value).displayStyle == .optional {
                    shape.isOptional = true
                } else if value is any TimelineRepresentable {
                    shape.isRepresentable = true
                } else if value is any Error {
                    shape.isError = true
                } else if value is any PublishedStorageProperty {
                    // CombineCompat's, which is no opaque Combine value: its storage records as its value.
                    shape.isPublished = true
                } else {
                    // An `Encodable` value that fails to encode falls through to the rest.
                    shape.isEncodable = value is any Encodable
                    shape.opaque = ValueEncoding.opaque(value)
                    if shape.opaque == nil { shape.fields = StoredFields.of(value) }
                    if shape.opaque == nil, shape.fields == nil, shape.enumCases == nil {
                        shape.tupleElements = TupleElements.of(value)
                    }
                }
                return shape
            }
        }
    }

    private func encodeError(
        _ error: any Error, mirror: Mirror, depth: Int, visiting: inout Set<ObjectIdentifier>
    ) -> JSONValue {
        var object = JSONObject()
        object["$error"] = .string(Self.typeName(of: error))
        if let (caseName, payload) = Self.enumCase(of: error, mirror: mirror) {
            object["case"] = .string(caseName)
            if let payload { object["value"] = encode(payload, depth: depth + 1, visiting: &visiting) }
        } else if let encodable = error as? any Encodable, case .object(let fields)? = try? encoder.encode(encodable) {
            for (key, value) in fields { object[key] = value }
        } else if !mirror.children.isEmpty {
            for (index, child) in mirror.children.enumerated() {
                object[child.label ?? "_\(index)"] = encode(child.value, depth: depth + 1, visiting: &visiting)
            }
        } else {
            object["message"] = .string(String(describing: error))
        }
        return .object(object)
    }

    private func reflect(_ value: Any, mirror: Mirror, depth: Int, visiting: inout Set<ObjectIdentifier>) -> JSONValue {
        switch mirror.displayStyle {
        case .enum:
            return encodeCase(EnumCases.mirrorCase(of: value, mirror: mirror), depth: depth, visiting: &visiting)
        case .tuple:
            return encodeTuple(mirror.children.map { ($0.label, $0.value) }, depth: depth, visiting: &visiting)
        case .collection:
            return .array(mirror.children.map { encode($0.value, depth: depth + 1, visiting: &visiting) })
        case .set:
            let writer = JSONWriter(style: .compact)
            let elements = mirror.children.map { encode($0.value, depth: depth + 1, visiting: &visiting) }
            return .array(elements.sorted { writer.string($0) < writer.string($1) })
        case .dictionary:
            var pairs: [(String, JSONValue)] = []
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { continue }
                let key = pair[0].value
                let keyText = (key as? String) ?? String(describing: key)
                pairs.append((keyText, encode(pair[1].value, depth: depth + 1, visiting: &visiting)))
            }
            var object = JSONObject()
            for (key, element) in pairs.sorted(by: { $0.0 < $1.0 }) { object[key] = element }
            return .object(object)
        case .class:
            return walkingInto(value, visiting: &visiting) { typed(value, mirror: mirror, depth: depth, visiting: &$0) }
        case .struct, .foreignReference:
            return typed(value, mirror: mirror, depth: depth, visiting: &visiting)
        default:
            if mirror.children.isEmpty {
                let text = String(describing: value)
                if text.hasPrefix("(Function)") || text.contains("->") { return "$function" }
                return Self.isAddress(text) ? "$pointer" : .string(text)
            }
            return typed(value, mirror: mirror, depth: depth, visiting: &visiting)
        }
    }

    /// An enum case: `"caseName"` without a payload, `{"caseName": payload}` with one.
    private func encodeCase(
        _ enumCase: (name: String, payload: Any?), depth: Int, visiting: inout Set<ObjectIdentifier>
    ) -> JSONValue {
        guard let payload = enumCase.payload else { return .string(enumCase.name) }
        var object = JSONObject()
        object[enumCase.name] = encode(payload, depth: depth + 1, visiting: &visiting)
        return .object(object)
    }

    /// A tuple's elements (labelled as `Mirror` labels them, `.0` without a name): an array when none has a name,
    /// else an object keyed by label.
    private func encodeTuple(
        _ children: [(label: String?, value: Any)], depth: Int, visiting: inout Set<ObjectIdentifier>
    ) -> JSONValue {
        if children.allSatisfy({ $0.label.map(Self.isPositionalLabel) ?? true }) {
            return .array(children.map { encode($0.value, depth: depth + 1, visiting: &visiting) })
        }
        var object = JSONObject()
        for (index, child) in children.enumerated() {
            object[child.label ?? "_\(index)"] = encode(child.value, depth: depth + 1, visiting: &visiting)
        }
        return .object(object)
    }

    /// `walk(visiting)` for the class instance `value`, or `{"$cycle": "TypeName"}` when it is met again inside
    /// itself.
    private func walkingInto(
        _ value: Any, visiting: inout Set<ObjectIdentifier>, _ walk: (inout Set<ObjectIdentifier>) -> JSONValue
    ) -> JSONValue {
        let identifier = ObjectIdentifier(value as AnyObject)
        if visiting.contains(identifier) {
            var cycle = JSONObject()
            cycle["$cycle"] = .string(Self.typeName(of: value))
            return .object(cycle)
        }
        visiting.insert(identifier)
        defer { visiting.remove(identifier) }
        return walk(&visiting)
    }

    /// A struct's or class's stored properties read at their offsets, as ``typed(_:mirror:depth:visiting:)`` writes
    /// them.
    private func typed(
        _ value: Any, fields: StoredFields, depth: Int, visiting: inout Set<ObjectIdentifier>
    ) -> JSONValue {
        var object = JSONObject()
        object["$type"] = .string(Self.typeName(of: value))
        fields.forEach(in: value) { label, field in
            object[Self.cleanLabel(label)] = encode(field, depth: depth + 1, visiting: &visiting)
        }
        return .object(object)
    }

    private func typed(_ value: Any, mirror: Mirror, depth: Int, visiting: inout Set<ObjectIdentifier>) -> JSONValue {
        var object = JSONObject()
        object["$type"] = .string(Self.typeName(of: value))
        var fields: [(String, JSONValue)] = []
        // Superclass fields first, as they are declared first.
        for level in StoredFields.levels(of: mirror) {
            for (index, child) in level.children.enumerated() {
                let label = Self.cleanLabel(child.label ?? "_\(index)")
                fields.append((label, encode(child.value, depth: depth + 1, visiting: &visiting)))
            }
        }
        for (key, field) in fields { object[key] = field }
        return .object(object)
    }

    /// What a value that must not be walked into records as: a publisher as `{"$type": "AnyPublisher<Output,
    /// Failure>"}` (its type erased, as its subscribers see it), anything else of Combine (a cancellable, a
    /// subscription) by its type, and a pointer, an object identifier or an opaque handle as `"$pointer"` (their
    /// values are addresses, new in every process). Nil for everything else.
    fileprivate static func opaque(_ value: Any) -> JSONValue? {
        if let publisher = value as? any Publisher { return typeOnly(publisherName(publisher)) }
        let type = Swift.type(of: value)
        let qualified = _typeName(type, qualified: true)
        if qualified.hasPrefix("CombineCompat.") || qualified.hasPrefix("Combine.") {
            return typeOnly(_typeName(type, qualified: false))
        }
        if pointerTypes.contains(where: { qualified.hasPrefix($0) }) { return "$pointer" }
        return nil
    }

    /// Types whose values are addresses.
    private static let pointerTypes = [
        "Swift.Unsafe", "Swift.AutoreleasingUnsafeMutablePointer", "Swift.OpaquePointer", "Swift.ObjectIdentifier",
        "Builtin.",
    ]

    private static func publisherName<P: Publisher>(_ publisher: P) -> String {
        "AnyPublisher<\(_typeName(P.Output.self, qualified: false)), \(_typeName(P.Failure.self, qualified: false))>"
    }

    private static func typeOnly(_ name: String) -> JSONValue {
        var object = JSONObject()
        object["$type"] = .string(name)
        return .object(object)
    }

    /// Whether a description is a memory address (`0x00007f3a…`), as an opaque value describes itself.
    private static func isAddress(_ text: String) -> Bool {
        text.hasPrefix("0x") && text.count > 2 && text.dropFirst(2).allSatisfy(\.isHexDigit)
    }

    /// Property wrappers' backing storage shows as `_name`; the timeline uses `name`.
    private static func cleanLabel(_ label: String) -> String {
        label.hasPrefix("_") && label.count > 1 && !label.dropFirst().allSatisfy(\.isNumber)
            ? String(label.dropFirst()) : label
    }

    private static func isPositionalLabel(_ label: String) -> Bool {
        label.hasPrefix(".") && label.dropFirst().allSatisfy(\.isNumber)
    }
}
