#if !canImport(Darwin)

// The subjects' own `sink`: the same behaviour as `Publisher.sink` (unlimited demand, closures released on cancel
// or completion, one delivery at a time, nested sends delivered at once), attached without a `Subscribers.Sink`.
// Subscribing a ViewModel's inputs and outputs with `sink` is the hottest path of a Combine ViewModel.

extension PassthroughSubject {
    /// Attaches a subscriber with closure-based behavior, requesting unlimited values.
    ///
    /// ```swift
    /// let cancellable = input.load.sink(receiveCompletion: { print($0) }, receiveValue: { print("load") })
    /// ```
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        core.attachSink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}

extension PassthroughSubject where Failure == Never {
    /// Attaches a subscriber with closure-based behavior to a subject that never fails.
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        core.attachSink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

extension CurrentValueSubject {
    /// Attaches a subscriber with closure-based behavior; it receives the current value at once.
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        core.attachSink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}

extension CurrentValueSubject where Failure == Never {
    /// Attaches a subscriber with closure-based behavior; it receives the current value at once.
    ///
    /// ```swift
    /// let cancellable = output.items.sink { print($0) }    // Prints the current items, then every change
    /// ```
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        core.attachSink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

extension ObservableObjectPublisher {
    /// Attaches a subscriber with closure-based behavior, called before every change of the object.
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        core.attachSink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

extension Published.Publisher {
    /// Attaches a subscriber with closure-based behavior; it receives the current value at once, then every write.
    @inlinable
    public func sink(receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
        box.subject.sink(receiveValue: receiveValue)
    }
}

#endif
