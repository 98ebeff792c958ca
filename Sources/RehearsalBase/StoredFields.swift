import SwiftShims

/// The stored properties of a struct or a class, read without `Mirror`.
///
/// `Mirror` finds a stored property's type by demangling the property's type name each time it reads the property,
/// and that is most of what reflecting a ViewModel, its `Output` struct or a recorded state costs. Here a type's
/// stored properties (name, offset, type) are found once, from the runtime metadata `Mirror` reads them from, and a
/// value's properties are then read at their offsets. Only the layout is kept, which the type fixes: what each
/// property holds is read again every time, so nothing of one run reaches another.
///
/// Kept only for a type whose properties `Mirror` reads the same way, from the same field records and offsets: a
/// struct or a class, not `CustomReflectable` (its mirror is its own), with no `weak`, `unowned` or `unowned(unsafe)`
/// property (`Mirror` loads those through the runtime's reference storage); the first time, the properties' names and
/// order are checked against `Mirror`'s. For any other type ``of(_:)`` is nil and its caller uses `Mirror`.
package struct StoredFields: @unchecked Sendable {
    /// Every stored property, a class's superclasses' first (as they are declared first), labelled as `Mirror`
    /// labels it (`_name` for a property wrapper's storage, `$__lazy_storage_$_name` for a `lazy var`).
    private let fields: [Slot]
    /// Where the type's own properties start in ``fields`` (after its superclasses').
    private let ownStart: Int
    /// Whether the type is a class.
    package let isClass: Bool
    /// The type.
    private let type: Any.Type

    /// The stored properties of `value`'s type, or nil where `Mirror` must read them.
    package static func of(_ value: Any) -> StoredFields? {
        known.value(for: Swift.type(of: value)) { find(value) }
    }

    /// Calls `body` with each stored property's name and value, superclasses' first; with `ownOnly`, the type's own
    /// properties only (as `Mirror(reflecting:).children` gives a class's). `value` is of the type these are the
    /// fields of (``of(_:)``'s).
    package func forEach(in value: Any, ownOnly: Bool = false, _ body: (_ label: String, _ value: Any) -> Void) {
        visit(value, ownOnly: ownOnly, marked: nil, body)
    }

    /// Each stored property's label and declared type, superclasses' first: the properties ``forEach(in:only:_:)``
    /// may be told to visit, by index.
    package var declared: [(label: String, type: Any.Type)] { fields.map { ($0.label, $0.type) } }

    /// Calls `body` with the label and value of each stored property whose index in ``declared`` `only` marks (a
    /// caller's per-type plan of the properties that can matter to it); where the value's bytes are not read at
    /// offsets (boxed under another type), with every property, as `Mirror` gives them.
    package func forEach(in value: Any, only marked: [Bool], _ body: (_ label: String, _ value: Any) -> Void) {
        visit(value, ownOnly: false, marked: marked.count == fields.count ? marked : nil, body)
    }

    /// The properties of `value` (the type's own, or all; of those, the `marked` ones), read at their offsets.
    private func visit(
        _ value: Any, ownOnly: Bool, marked: [Bool]?, _ body: (_ label: String, _ value: Any) -> Void
    ) {
        let fields = self.fields
        let isClass = isClass
        let type = type
        let start = ownOnly ? ownStart : 0
        func read<T>(_ value: T) {
            guard T.self == type else {
                // Boxed under another type: a property's declared type (a protocol, `Any`, a superclass), as `Mirror`
                // and ``loadValue(of:at:)`` box a property's value. These bytes are the box's, so `Mirror` reads it.
                Self.mirrorProperties(of: value, ownOnly: ownOnly) { body($0 ?? "", $1) }
                return
            }
            func each(_ base: UnsafeRawPointer) {
                for index in start..<fields.count where marked?[index] ?? true {
                    let field = fields[index]
                    body(field.label, loadValue(of: field.type, at: base + field.offset))
                }
            }
            if isClass {
                // A class's properties are in its instance, which the reference points to.
                withExtendedLifetime(value) { each(unsafeBitCast(value, to: UnsafeRawPointer.self)) }
                return
            }
            // A struct's are in its bytes.
            withUnsafeBytes(of: value) { bytes in
                guard let base = bytes.baseAddress else {
                    Self.mirrorProperties(of: value, ownOnly: ownOnly) { body($0 ?? "", $1) }
                    return
                }
                each(base)
            }
        }
        _openExistential(value, do: read)
    }

    /// Whether values of `type` are of exactly that type: a struct or an enum (not an `Optional`, a class, a
    /// protocol or `Any`, whose values' own types vary).
    package static func isStructOrEnum(_ type: Any.Type) -> Bool {
        let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
        return kind == 0x200 || kind == 0x201
    }

    /// Calls `body` with each stored property of `value` (its label, when it has one, and its value) as `Mirror`
    /// gives them: a class's superclasses' first, or with `ownOnly` its own only (`Mirror(reflecting:).children`);
    /// read at their offsets where ``of(_:)`` allows, else through `Mirror`.
    package static func forEachProperty(
        of value: Any, ownOnly: Bool = false, _ body: (_ label: String?, _ value: Any) -> Void
    ) {
        if let fields = of(value) {
            fields.forEach(in: value, ownOnly: ownOnly) { body($0, $1) }
            return
        }
        mirrorProperties(of: value, ownOnly: ownOnly, body)
    }

    /// ``forEachProperty(of:ownOnly:_:)`` through `Mirror`.
    private static func mirrorProperties(
        of value: Any, ownOnly: Bool, _ body: (_ label: String?, _ value: Any) -> Void
    ) {
        let mirror = Mirror(reflecting: value)
        guard !ownOnly else {
            for child in mirror.children { body(child.label, child.value) }
            return
        }
        for level in levels(of: mirror) {
            for child in level.children { body(child.label, child.value) }
        }
    }

    private static let known = TypeMemo<StoredFields?>()

    /// `mirror` and its superclasses' mirrors, the root class's first.
    package static func levels(of mirror: Mirror) -> [Mirror] {
        var levels: [Mirror] = []
        var level: Mirror? = mirror
        while let current = level {
            levels.append(current)
            level = current.superclassMirror
        }
        return levels.reversed()
    }

    /// The fields of `value`'s type from the runtime's metadata, when they are what `Mirror` reads, name for name.
    private static func find(_ value: Any) -> StoredFields? {
        guard !(value is CustomReflectable) else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct || mirror.displayStyle == .class else { return nil }
        let type = Swift.type(of: value)
        var fields: [Slot] = []
        for index in 0..<recursiveCount(type) {
            var metadata = _FieldReflectionMetadata()
            let fieldType = recursiveChildMetadata(type, index: index, fieldMetadata: &metadata)
            defer { metadata.freeFunc?(metadata.name) }
            guard metadata.isStrong, let name = metadata.name else { return nil }
            let offset = recursiveChildOffset(type, index: index)
            fields.append(Slot(label: String(cString: name), offset: offset, type: fieldType))
        }
        // `Mirror`'s names, superclasses first: they must be these, in this order.
        let labels = levels(of: mirror).flatMap { $0.children.map(\.label) }
        guard labels == fields.map({ Optional($0.label) }) else { return nil }
        let own = mirror.children.count
        return StoredFields(
            fields: fields, ownStart: fields.count - own, isClass: mirror.displayStyle == .class,
            type: type)
    }
}

// The runtime's reflection entry points that the standard library's `_forEachField` is built on (`Mirror` reads the
// same field records through their siblings): the stored properties of a type, its superclasses' included.

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func recursiveCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func recursiveChildMetadata(
    _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<_FieldReflectionMetadata>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func recursiveChildOffset(_ type: Any.Type, index: Int) -> Int
