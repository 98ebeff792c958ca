import FrameworkSeam

/// A reference to a value that something else stores, read and written through two closures, as SwiftUI's:
/// `Binding(get:set:)`, `.constant(_:)`, `$binding.member` (dynamic member lookup) and the optional conversions.
/// Recorded in a timeline as the value it reads then: `{"$type": "Binding", "value": …}`.
///
/// ```swift
/// var isOn: Binding<Bool> { Binding(get: { self.settings.isOn }, set: { self.settings.isOn = $0 }) }
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value>: TimelineRepresentable {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// A binding to a value that never changes: writes are ignored.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The value, read or written through the closures.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// The binding itself (`$binding`).
    public var projectedValue: Binding<Value> { self }

    /// A binding from another binding's projected value.
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding to a member of the value (`$settings.isOn`).
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { newValue in
                var value = self.wrappedValue
                value[keyPath: keyPath] = newValue
                self.wrappedValue = value
            })
    }

    /// A binding of an optional, from a binding of a value.
    public init<V>(_ base: Binding<V>) where Value == V? {
        self.init(get: { base.wrappedValue }, set: { newValue in if let newValue { base.wrappedValue = newValue } })
    }

    /// A binding of a value, from a binding of an optional that is not `nil` now; `nil` when it is.
    public init?(_ base: Binding<Value?>) {
        guard let initial = base.wrappedValue else { return nil }
        self.init(get: { base.wrappedValue ?? initial }, set: { base.wrappedValue = $0 })
    }

    /// The value the binding reads now.
    public var timelineRepresentation: Any { ["$type": "Binding", "value": wrappedValue] as [String: Any] }
}
