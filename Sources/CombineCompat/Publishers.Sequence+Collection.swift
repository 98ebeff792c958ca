#if !canImport(Darwin)

// The operators Apple's Combine declares on `Publishers.Sequence` when its elements form a collection: they read the
// collection directly (`first`, `last`, `count`, subscripts) instead of iterating it.

extension Publishers.Sequence where Elements: Collection, Failure == Never {
    /// Publishes the first element, or nothing for an empty collection.
    ///
    ///     [1, 2].publisher.first()    // Optional(1).publisher
    public func first() -> Optional<Elements.Element>.Publisher { Optional<Elements.Element>.Publisher(sequence.first) }

    /// Publishes the element at `index`, or nothing when the index is outside the collection.
    ///
    ///     ["a", "b"].publisher.output(at: 1)    // Optional("b").publisher
    public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(_element(at: index))
    }
}

extension Publishers.Sequence where Elements: Collection {
    /// Publishes the number of elements.
    ///
    ///     Set([1, 2]).publisher.count()    // Result<Int, Never>.Publisher(2)
    public func count() -> Result<Int, Failure>.Publisher { Result<Int, Failure>.Publisher(sequence.count) }

    /// Publishes the elements at the indices in `range` that lie inside the collection.
    ///
    ///     ["a", "b", "c"].publisher.output(in: 1..<3)    // ["b", "c"].publisher
    public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: _elements(in: range))
    }

    /// The element at `index`, or nil outside the collection.
    func _element(at index: Elements.Index) -> Elements.Element? {
        index >= sequence.startIndex && index < sequence.endIndex ? sequence[index] : nil
    }

    /// The elements at the indices in `range`, clamped to the collection.
    func _elements(in range: Range<Elements.Index>) -> [Elements.Element] {
        Array(sequence[range.clamped(to: sequence.startIndex..<sequence.endIndex)])
    }
}

extension Publishers.Sequence where Elements: BidirectionalCollection, Failure == Never {
    /// Publishes the last element, or nothing for an empty collection.
    ///
    ///     [1, 2].publisher.last()    // Optional(2).publisher
    public func last() -> Optional<Elements.Element>.Publisher { Optional<Elements.Element>.Publisher(sequence.last) }

    /// Publishes the last element that satisfies `predicate`, or nothing.
    ///
    ///     [1, 2, 3].publisher.last { $0 < 3 }    // Optional(2).publisher
    public func last(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.last(where: predicate))
    }
}

extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
    /// Publishes the element at `index`, or nothing when the index is outside the collection.
    ///
    ///     [10, 20].publisher.output(at: 0)    // Optional(10).publisher
    public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(_element(at: index))
    }

    /// Publishes the number of elements.
    ///
    ///     [1, 2, 3].publisher.count()    // Just(3)
    public func count() -> Just<Int> { Just(sequence.count) }
}

extension Publishers.Sequence where Elements: RandomAccessCollection {
    /// Publishes the elements at the indices in `range` that lie inside the collection.
    ///
    ///     [1, 2, 3].publisher.output(in: 0..<2)    // [1, 2].publisher
    public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: _elements(in: range))
    }

    /// Publishes the number of elements.
    ///
    ///     [1, 2].publisher.setFailureType(to: URLError.self).count()    // Result<Int, URLError>.Publisher(2)
    public func count() -> Result<Int, Failure>.Publisher { Result<Int, Failure>.Publisher(sequence.count) }
}

extension Publishers.Sequence where Elements: RangeReplaceableCollection {
    /// Publishes `elements`, then this sequence.
    ///
    ///     [3].publisher.prepend(1, 2)    // [1, 2, 3].publisher
    public func prepend(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
        prepend(elements)
    }

    /// Publishes the elements of `elements`, then this sequence.
    ///
    ///     [3].publisher.prepend([1, 2])    // [1, 2, 3].publisher
    public func prepend<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
    where S.Element == Elements.Element {
        var joined = Elements(elements)
        joined.append(contentsOf: sequence)
        return Publishers.Sequence<Elements, Failure>(sequence: joined)
    }

    /// Publishes the other sequence publisher's elements, then this one's.
    ///
    ///     [3].publisher.prepend([1, 2].publisher)    // [1, 2, 3].publisher
    public func prepend(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        prepend(publisher.sequence)
    }

    /// Publishes this sequence, then `elements`.
    ///
    ///     [1].publisher.append(2, 3)    // [1, 2, 3].publisher
    public func append(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> { append(elements) }

    /// Publishes this sequence, then the elements of `elements`.
    ///
    ///     [1].publisher.append([2, 3])    // [1, 2, 3].publisher
    public func append<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
    where S.Element == Elements.Element {
        var joined = sequence
        joined.append(contentsOf: elements)
        return Publishers.Sequence<Elements, Failure>(sequence: joined)
    }

    /// Publishes this sequence, then the other sequence publisher's elements.
    ///
    ///     [1].publisher.append([2, 3].publisher)    // [1, 2, 3].publisher
    public func append(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        append(publisher.sequence)
    }
}

#endif
