#if !canImport(Darwin)

extension Publisher {
    /// Prefixes this publisher's output with the specified values.
    ///
    /// ```swift
    /// let cancellable = [3, 4].publisher.prepend(1, 2).sink { print($0) }    // Prints: 1, 2, 3, 4
    /// ```
    public func prepend(
        _ elements: Output...
    ) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        prepend(elements)
    }

    /// Prefixes this publisher's output with the elements of the specified sequence.
    public func prepend<S: Sequence>(
        _ elements: S
    ) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self> where S.Element == Output {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Prefixes this publisher's output with the elements emitted by the given publisher.
    public func prepend<P: Publisher>(
        _ publisher: P
    ) -> Publishers.Concatenate<P, Self> where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Appends this publisher's output with the specified values, published once this publisher finishes.
    ///
    /// ```swift
    /// let cancellable = [1, 2].publisher.append(3, 4).sink { print($0) }    // Prints: 1, 2, 3, 4
    /// ```
    public func append(
        _ elements: Output...
    ) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        append(elements)
    }

    /// Appends the elements of the specified sequence to this publisher's output.
    public func append<S: Sequence>(
        _ elements: S
    ) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>> where S.Element == Output {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }

    /// Appends the output of the given publisher to this publisher's output.
    public func append<P: Publisher>(
        _ publisher: P
    ) -> Publishers.Concatenate<Self, P> where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }
}

#endif
