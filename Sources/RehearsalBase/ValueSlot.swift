/// One stored part of a value read at its offset (a struct's or class's property, a tuple's element): its label as
/// `Mirror` gives it, its offset in the value (or instance) and its declared type.
struct Slot: @unchecked Sendable {
    let label: String
    let offset: Int
    let type: Any.Type
}

/// A copy of the `type` value at `address`, as `Any` (boxed under `type`, as `Mirror` boxes a property's or
/// payload's value under its declared type).
func loadValue(of type: Any.Type, at address: UnsafeRawPointer) -> Any {
    func copy<T>(_: T.Type) -> Any { address.assumingMemoryBound(to: T.self).pointee }
    return _openExistential(type, do: copy)
}
