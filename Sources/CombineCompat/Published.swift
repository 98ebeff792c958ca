#if !canImport(Darwin)

/// A type that publishes a property marked with an attribute.
///
/// A write runs in Combine's order: the enclosing object's `objectWillChange` fires first, then the `$property`
/// publisher emits the new value, and only then is the value stored. So a subscriber to `$name` that reads
/// `object.name` still sees the old value. `$property` emits the current value to each new subscriber first.
///
/// ```swift
/// final class ProfileViewModel: ObservableObject {
///     @Published var name = ""
/// }
/// let cancellable = viewModel.$name.sink { print($0) }    // Prints: "" (the current value)
/// viewModel.name = "Kim"                                  // Prints: Kim
/// ```
@propertyWrapper
public struct Published<Value>: _PublishedStorage {
    // The only stored property: `ObservableObject` reads it straight from the enclosing object's memory.
    @usableFromInline var box: _PublishedBox<Value>

    /// Creates the published instance with an initial wrapped value.
    @inlinable
    public init(wrappedValue: Value) {
        box = _PublishedBox(wrappedValue)
    }

    /// Creates the published instance with an initial value.
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// Unavailable: `@Published` works only on properties of classes, through the enclosing instance.
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { preconditionFailure("@Published is only available on properties of classes") }
        // swiftlint:disable:next unused_setter_value
        set { preconditionFailure("@Published is only available on properties of classes") }
    }

    /// The property's publisher: `$property`. It emits the current value on subscription, then every new value.
    ///
    /// Setting it (`$a = other.$a`) leaves the property as it was, value and publisher, as a probe of Apple's
    /// Combine found (the wrapped value is unchanged after such an assignment); the projection is settable so that
    /// `assign(to:)` can take it `inout`.
    @inlinable
    public var projectedValue: Publisher {
        get { Publisher(box: box) }
        // swiftlint:disable:next unused_setter_value
        set {}
    }

    /// Reads and writes the value through the enclosing object, in Combine's willSet order.
    @inlinable
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].box.value }
        set { object[keyPath: storageKeyPath].box.write(newValue) }
    }

    var _box: _PublishedBoxBase { box }

    /// Writes `value` as the enclosing instance's setter does (objectWillChange, `$property`, then the stored value),
    /// without the setter itself (a `didSet` does not run): how Rehearsal's `set` step plays a UI binding.
    package func _write(_ value: Value) {
        box.write(value)
    }

    /// The stored value (what the enclosing instance's getter reads).
    package var _value: Value { box.value }

    /// A publisher for properties marked with the `@Published` attribute.
    public struct Publisher: CombineCompat.Publisher {
        public typealias Output = Value
        public typealias Failure = Never

        @usableFromInline let box: _PublishedBox<Value>

        @inlinable
        init(box: _PublishedBox<Value>) {
            self.box = box
        }

        /// Attaches a subscriber; it receives the current value at its first demand, then every write.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            box.subject.receive(subscriber: subscriber)
        }
    }
}

/// What `ObservableObject` needs of any `Published<Value>` without knowing `Value`.
protocol _PublishedStorage {
    var _box: _PublishedBoxBase { get }
}

extension Publisher where Failure == Never {
    /// Republishes elements received from a publisher, by assigning them to a property marked as a publisher.
    ///
    /// The subscription lives as long as the property (no cancellable is returned), and holds no strong reference
    /// to it, so `assign(to: &$state)` in an initialiser creates no retain cycle.
    ///
    /// ```swift
    /// init(counter: AnyPublisher<Int, Never>) {
    ///     counter.assign(to: &$count)
    /// }
    /// ```
    public func assign(to published: inout Published<Output>.Publisher) {
        let box = published.box
        let cancellable = sink { [weak box] value in box?.write(value) }
        box.retain(cancellable)
    }
}

#endif
