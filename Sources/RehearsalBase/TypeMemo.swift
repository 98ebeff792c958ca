/// A fact about types, found once per type and kept for the process: for the conformance checks and reflection
/// that steer a hot path (recording a value, encoding one, an input's case names) and cost more than the work they
/// steer. Safe to use from any thread (two threads that meet an unknown type at once may both find it; the fact is
/// the same).
///
/// ```swift
/// private let isError = TypeMemo<Bool>()
/// isError.value(for: type(of: value)) { value is any Error }
/// ```
///
/// A run asks a memo a few dozen times, so a lookup is kept to a multiply and a probe: the types are kept in a
/// table of their metadata addresses (open addressing, at most half full), not hashed as dictionary keys.
package final class TypeMemo<Value>: @unchecked Sendable {
    private let lock = _Lock()
    /// The table: a metadata address per slot (nil: empty) and its fact, `capacity` slots (a power of two).
    private var keys: UnsafeMutablePointer<UnsafeRawPointer?>
    private var values: UnsafeMutablePointer<Value>
    private var capacity: Int
    private var count = 0
    /// Facts about a part of a type (an enum case's), by type and the part's name.
    private var parts: [Part: Value] = [:]

    private struct Part: Hashable {
        var type: ObjectIdentifier
        var name: String
    }

    /// An empty memo.
    package init() {
        capacity = 32
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: nil, count: capacity)
        values = .allocate(capacity: capacity)
    }

    deinit {
        for index in 0..<capacity where keys[index] != nil { (values + index).deinitialize(count: 1) }
        keys.deallocate()
        values.deallocate()
    }

    /// The fact for `type`: `find`'s answer the first time, the kept one after.
    package func value(for type: Any.Type, find: () -> Value) -> Value {
        let key = unsafeBitCast(type, to: UnsafeRawPointer.self)
        lock.lock()
        let index = slot(of: key)
        if keys[index] != nil {
            let value = values[index]
            lock.unlock()
            return value
        }
        lock.unlock()
        let value = find()
        lock.withLock { keep(value, for: key) }
        return value
    }

    /// The slot holding `key`, or the empty one where it would go. Call under the lock.
    private func slot(of key: UnsafeRawPointer) -> Int {
        let mask = capacity - 1
        // Metadata addresses are aligned: their low bits say nothing, the multiply spreads the others.
        var index =
            Int(truncatingIfNeeded: ((UInt(bitPattern: Int(bitPattern: key)) >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 32)
            & mask
        while let present = keys[index], present != key { index = (index + 1) & mask }
        return index
    }

    /// Keeps `value` for `key` (another thread's equal fact may be there already). Call under the lock.
    private func keep(_ value: Value, for key: UnsafeRawPointer) {
        let index = slot(of: key)
        if keys[index] != nil { return }
        if (count + 1) * 2 > capacity {
            grow()
            return keep(value, for: key)
        }
        keys[index] = key
        (values + index).initialize(to: value)
        count += 1
    }

    /// Twice the slots, every fact moved to its new slot. Call under the lock.
    private func grow() {
        let (oldKeys, oldValues, oldCapacity) = (keys, values, capacity)
        capacity *= 2
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: nil, count: capacity)
        values = .allocate(capacity: capacity)
        for index in 0..<oldCapacity {
            guard let key = oldKeys[index] else { continue }
            let slot = slot(of: key)
            keys[slot] = key
            (values + slot).moveInitialize(from: oldValues + index, count: 1)
        }
        oldKeys.deallocate()
        oldValues.deallocate()
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
