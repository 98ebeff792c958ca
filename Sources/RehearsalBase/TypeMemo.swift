/// A fact about types, found once per type and kept for the process: for the conformance checks and reflection
/// that steer a hot path (recording a value, encoding one, an input's case names) and cost more than the work they
/// steer. Safe to use from any thread (two threads that meet an unknown type at once may both find it; the fact is
/// the same).
///
/// ```swift
/// private let isError = TypeMemo<Bool>()
/// isError.value(for: type(of: value)) { value is any Error }
/// ```
package final class TypeMemo<Value>: @unchecked Sendable {
    private let lock = _Lock()
    private var known: [ObjectIdentifier: Value] = [:]
    /// Facts about a part of a type (an enum case's), by type and the part's name.
    private var parts: [Part: Value] = [:]

    private struct Part: Hashable {
        var type: ObjectIdentifier
        var name: String
    }

    /// An empty memo.
    package init() {}

    /// The fact for `type`: `find`'s answer the first time, the kept one after.
    package func value(for type: Any.Type, find: () -> Value) -> Value {
        let key = ObjectIdentifier(type)
        if let value = lock.withLock({ known[key] }) { return value }
        let value = find()
        lock.withLock { known[key] = value }
        return value
    }

    /// The fact kept for the part `name` of `type`, if one was kept.
    package func value(for type: Any.Type, named name: String) -> Value? {
        lock.withLock { parts[Part(type: ObjectIdentifier(type), name: name)] }
    }

    /// Keeps `value` as the fact for the part `name` of `type`.
    package func keep(_ value: Value, for type: Any.Type, named name: String) {
        lock.withLock { parts[Part(type: ObjectIdentifier(type), name: name)] = value }
    }
}
