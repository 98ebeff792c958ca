internal import CReflection

/// A tuple's elements, read without `Mirror`: their types, offsets and labels are found once per tuple type from
/// its metadata (which `Mirror` reads them from too), and a value's elements are read at their offsets every time.
/// The first time, the labels are checked against `Mirror`'s.
package struct TupleElements: @unchecked Sendable {
    /// The elements, labelled as `Mirror` labels them: the element's name, or `.0`, `.1`… without one.
    private let elements: [Slot]
    private let type: Any.Type

    private static let known = TypeMemo<TupleElements?>()

    /// The elements of `value`'s type, or nil when it is no tuple (or one `Mirror` reads otherwise).
    package static func of(_ value: Any) -> TupleElements? {
        known.value(for: Swift.type(of: value)) { find(value) }
    }

    /// Calls `body` with each element's label (as `Mirror` gives it) and value, in order. `value` is of the type
    /// these are the elements of (``of(_:)``'s).
    package func forEach(in value: Any, _ body: (_ label: String, _ value: Any) -> Void) {
        func read<T>(_ value: T) {
            guard T.self == type else {
                for child in Mirror(reflecting: value).children { body(child.label ?? "", child.value) }
                return
            }
            withUnsafeBytes(of: value) { bytes in
                guard let base = bytes.baseAddress else {
                    for child in Mirror(reflecting: value).children { body(child.label ?? "", child.value) }
                    return
                }
                for element in elements { body(element.label, loadValue(of: element.type, at: base + element.offset)) }
            }
        }
        _openExistential(value, do: read)
    }

    /// The labels of the elements, in order.
    package var labels: [String] { elements.map(\.label) }

    private static func find(_ value: Any) -> TupleElements? {
        let type = Swift.type(of: value)
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let count = rehearsal_tuple_count(metadata)
        guard count >= 0 else { return nil }
        var elements: [Slot] = []
        for index in 0..<count {
            var offset = 0
            var label: UnsafePointer<CChar>?
            var length = 0
            let elementType = rehearsal_tuple_element(metadata, index, &offset, &label, &length)
            let name =
                label.map { start in
                    String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
                } ?? ".\(index)"
            elements.append(Slot(label: name, offset: offset, type: unsafeBitCast(elementType, to: Any.Type.self)))
        }
        let found = TupleElements(elements: elements, type: type)
        guard found.labels == Mirror(reflecting: value).children.map({ $0.label ?? "" }) else { return nil }
        return found
    }
}
