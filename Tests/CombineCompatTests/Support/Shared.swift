/// Hands a value that locks itself (an iterator's bridge, a subject, a cancellable) to other threads: like Apple's,
/// those types are not `Sendable`, so a test that drives them from several threads says so with this wrapper.
struct Shared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
