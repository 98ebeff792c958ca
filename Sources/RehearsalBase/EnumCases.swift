internal import CReflection

/// An enum's cases, read without `Mirror`.
///
/// `Mirror` finds an enum value's case through the type's value witnesses and then demangles the case's payload
/// type, every time it reflects a value; a recorded state (`.count(2)`, `.loaded(items)`) or route pays that for
/// every event. Here a type's cases (name, payload type, whether `indirect`) are found once, from the same field
/// records `Mirror` reads, and a value's case is then read through the same value witnesses and its payload copied
/// out as `Mirror` copies it. Only the cases are kept, which the type fixes: a value's case and payload are read
/// again every time, so nothing of one run reaches another.
///
/// Kept only for an enum (or `Optional`) that `Mirror` reads from its field records: not `CustomReflectable` (its
/// mirror is its own; `Optional`'s own mirror is its field records'), with field records in the layout the
/// runtime's reflection reads; the first time, the value's case and payload are checked against `Mirror`'s. For any
/// other type ``of(_:)`` is nil and its caller uses `Mirror`.
package struct EnumCases: @unchecked Sendable {
    private struct Case: @unchecked Sendable {
        let name: String
        /// The payload's declared type, as `Mirror` boxes the payload; nil for a case without one.
        let payload: Any.Type?
        let indirect: Bool
    }

    /// The cases in the runtime's tag order.
    private let cases: [Case]
    private let type: Any.Type
    private let metadata: UnsafeRawPointer
    /// Whether the type describes itself (`CustomStringConvertible` and its siblings): a case without a payload is
    /// then named as `String(describing:)` gives it, as ``mirrorCase(of:)`` names it.
    private let describesItself: Bool

    private static let known = TypeMemo<EnumCases?>()

    /// The cases of `value`'s type, or nil where `Mirror` must read them.
    package static func of(_ value: Any) -> EnumCases? {
        known.value(for: Swift.type(of: value)) { find(value) }
    }

    /// The case of `value` (of the type these are the cases of) and its payload, nil without one: as
    /// ``mirrorCase(of:)`` gives them.
    package func caseOf(_ value: Any) -> (name: String, payload: Any?) {
        func read<T>(_ value: T) -> (name: String, payload: Any?) {
            // Boxed under another type (a payload's or property's declared protocol or `Any`): `Mirror` reads it.
            guard T.self == type else { return Self.mirrorCase(of: value) }
            var copy = value
            return withUnsafeMutablePointer(to: &copy) { pointer in
                let raw = UnsafeMutableRawPointer(pointer)
                let tag = rehearsal_enum_tag(raw, metadata)
                guard Int(tag) < cases.count else { return Self.mirrorCase(of: value) }
                let entry = cases[Int(tag)]
                guard let payload = entry.payload else {
                    return (describesItself ? Self.describedName(of: value) : entry.name, nil)
                }
                // As `Mirror` copies a payload out: the copy's payload is left in place, copied, and the copy made
                // the case's value again (then destroyed as `copy`).
                rehearsal_enum_project(raw, metadata)
                defer { rehearsal_enum_inject(raw, tag, metadata) }
                let address = entry.indirect ? rehearsal_enum_indirect_payload(raw) : UnsafeRawPointer(raw)
                return (entry.name, loadValue(of: payload, at: address))
            }
        }
        return _openExistential(value, do: read)
    }

    /// The case of an enum value and its payload (nil without one), through `Mirror` (`mirror`, when the caller has
    /// made the value's already).
    package static func mirrorCase(of value: Any, mirror: Mirror? = nil) -> (name: String, payload: Any?) {
        if let child = (mirror ?? Mirror(reflecting: value)).children.first, let label = child.label {
            return (label, child.value)
        }
        return (describedName(of: value), nil)
    }

    /// A case without a payload named as `String(describing:)` gives it (up to a parenthesis).
    private static func describedName(of value: Any) -> String {
        let text = String(describing: value)
        return String(text.prefix { $0 != "(" })
    }

    /// The cases of `value`'s type from the runtime's metadata, when `Mirror` reads them from there too.
    private static func find(_ value: Any) -> EnumCases? {
        let type = Swift.type(of: value)
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        // The metadata first: a type's first conformance check scans every conformance the process has, and most
        // types met here are no enums.
        let count = rehearsal_enum_case_count(metadata)
        guard count >= 0, !(value is CustomReflectable) || isOptional(metadata) else { return nil }
        var cases: [Case] = []
        for index in 0..<count {
            var name: UnsafePointer<CChar>?
            var payload: UnsafeRawPointer?
            var indirect: Int32 = 0
            guard rehearsal_enum_case(metadata, index, &name, &payload, &indirect) != 0, let name else { return nil }
            cases.append(
                Case(
                    name: String(cString: name), payload: payload.map { unsafeBitCast($0, to: Any.Type.self) },
                    indirect: indirect != 0))
        }
        // Asked only where a case without a payload would be named by it.
        let describesItself =
            cases.contains { $0.payload == nil }
            && (value is any TextOutputStreamable || value is any CustomStringConvertible
                || value is any CustomDebugStringConvertible)
        let found = EnumCases(cases: cases, type: type, metadata: metadata, describesItself: describesItself)
        // `Mirror`'s reading of this value: the same case, with a payload of the same type or none.
        let fast = found.caseOf(value)
        let slow = mirrorCase(of: value)
        guard fast.name == slow.name,
            fast.payload.map({ Swift.type(of: $0) }) == slow.payload.map({ Swift.type(of: $0) })
        else { return nil }
        return found
    }

    /// The names of an enum type's cases as declared (from the field records; a synthesised `Codable` takes its keys
    /// from the same names), in the runtime's tag order: the cases with a payload first; with `payloadless`, only
    /// the cases without one. Nil for a type that is no enum. For suggestions, not for reading values.
    package static func declaredNames(of type: Any.Type, payloadless: Bool = false) -> [String]? {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let count = rehearsal_enum_case_count(metadata)
        guard count > 0 else { return nil }
        var names: [String] = []
        for index in 0..<count {
            var name: UnsafePointer<CChar>?
            var payload: UnsafeRawPointer?
            var indirect: Int32 = 0
            // A case whose payload type cannot be resolved is left out; the others are still named.
            guard rehearsal_enum_case(metadata, index, &name, &payload, &indirect) != 0, let name else { continue }
            if payloadless, payload != nil { continue }
            names.append(String(cString: name))
        }
        return names
    }

    private static func isOptional(_ metadata: UnsafeRawPointer) -> Bool {
        metadata.load(as: UInt.self) == 0x202
    }
}
