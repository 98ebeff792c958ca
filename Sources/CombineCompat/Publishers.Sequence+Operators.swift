#if !canImport(Darwin)

// Apple's Combine declares these operators on `Publishers.Sequence` itself: each runs its closure over the whole
// sequence at once, when the operator is applied, and returns a new `Publishers.Sequence` (or a `Result.Publisher`,
// `Optional.Publisher`, `Just` or `Empty` holding the answer). Which overload applies depends on what the elements
// are (a `Collection`, a `RandomAccessCollection`, …) and on `Failure`, as in Apple's declarations.

extension Publishers.Sequence where Failure == Never {
    /// Publishes the smallest element by `areInIncreasingOrder`, or nothing for an empty sequence.
    ///
    ///     [3, 1, 2].publisher.min(by: <)    // Optional(1).publisher
    public func min(by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool)
        -> Optional<Elements.Element>.Publisher
    {
        Optional<Elements.Element>.Publisher(sequence.min(by: areInIncreasingOrder))
    }

    /// Publishes the largest element by `areInIncreasingOrder`, or nothing for an empty sequence.
    ///
    ///     [3, 1, 2].publisher.max(by: <)    // Optional(3).publisher
    public func max(by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool)
        -> Optional<Elements.Element>.Publisher
    {
        Optional<Elements.Element>.Publisher(sequence.max(by: areInIncreasingOrder))
    }

    /// Publishes the first element that satisfies `predicate`, or nothing.
    ///
    ///     [1, 2, 3].publisher.first { $0 > 1 }    // Optional(2).publisher
    public func first(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.first(where: predicate))
    }
}

extension Publishers.Sequence {
    /// Publishes whether every element satisfies `predicate`.
    ///
    ///     [1, 2].publisher.allSatisfy { $0 > 0 }    // Result<Bool, Never>.Publisher(true)
    public func allSatisfy(_ predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.allSatisfy(predicate))
    }

    /// Publishes whether every element satisfies `predicate`, or fails with the error it throws.
    ///
    ///     [1, 2].publisher.tryAllSatisfy { try check($0) }    // Result<Bool, Error>.Publisher
    public func tryAllSatisfy(_ predicate: (Elements.Element) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try sequence.allSatisfy(predicate) })
    }

    /// Publishes all the elements as one array.
    ///
    ///     (1...3).publisher.collect()    // Result<[Int], Never>.Publisher([1, 2, 3])
    public func collect() -> Result<[Elements.Element], Failure>.Publisher {
        Result<[Elements.Element], Failure>.Publisher(Array(sequence))
    }

    /// Publishes the non-`nil` results of `transform`, computed now.
    ///
    ///     ["1", "x", "3"].publisher.compactMap { Int($0) }    // [1, 3].publisher
    public func compactMap<T>(_ transform: (Elements.Element) -> T?) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.compactMap(transform))
    }

    /// Publishes whether any element satisfies `predicate`.
    ///
    ///     [1, 2].publisher.contains { $0 > 1 }    // Result<Bool, Never>.Publisher(true)
    public func contains(where predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.contains(where: predicate))
    }

    /// Publishes whether any element satisfies `predicate`, or fails with the error it throws.
    ///
    ///     [1, 2].publisher.tryContains { try check($0) }    // Result<Bool, Error>.Publisher
    public func tryContains(where predicate: (Elements.Element) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try sequence.contains(where: predicate) })
    }

    /// Publishes the elements after the leading ones that satisfy `predicate`.
    ///
    ///     [1, 2, 5, 1].publisher.drop { $0 < 3 }    // publishes 5, 1
    public func drop(while predicate: (Elements.Element) -> Bool)
        -> Publishers.Sequence<DropWhileSequence<Elements>, Failure>
    {
        Publishers.Sequence<DropWhileSequence<Elements>, Failure>(sequence: sequence.drop(while: predicate))
    }

    /// Publishes the elements after the first `count`. A negative count traps.
    ///
    ///     [1, 2, 3].publisher.dropFirst()    // publishes 2, 3
    public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
        Publishers.Sequence<DropFirstSequence<Elements>, Failure>(sequence: sequence.dropFirst(count))
    }

    /// Publishes the elements that satisfy `isIncluded`, computed now.
    ///
    ///     [1, 2, 3, 4].publisher.filter { $0.isMultiple(of: 2) }    // [2, 4].publisher
    public func filter(_ isIncluded: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.filter(isIncluded))
    }

    /// Finishes without publishing any element.
    ///
    ///     [1, 2].publisher.ignoreOutput()    // Empty<Int, Never>()
    public func ignoreOutput() -> Empty<Elements.Element, Failure> { Empty() }

    /// Publishes `transform` of every element, computed now.
    ///
    ///     [1, 2, 3].publisher.map { $0 * 10 }    // [10, 20, 30].publisher
    public func map<T>(_ transform: (Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.map(transform))
    }

    /// Publishes at most the first `maxLength` elements. A negative length traps.
    ///
    ///     [1, 2, 3].publisher.prefix(2)    // publishes 1, 2
    public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
        Publishers.Sequence<PrefixSequence<Elements>, Failure>(sequence: sequence.prefix(maxLength))
    }

    /// Publishes the leading elements that satisfy `predicate`, computed now.
    ///
    ///     [1, 2, 5, 1].publisher.prefix { $0 < 3 }    // [1, 2].publisher
    public func prefix(while predicate: (Elements.Element) -> Bool)
        -> Publishers.Sequence<[Elements.Element], Failure>
    {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence.prefix(while: predicate)))
    }

    /// Publishes the fold of all the elements.
    ///
    ///     [1, 2, 3].publisher.reduce(0, +)    // Result<Int, Never>.Publisher(6)
    public func reduce<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Elements.Element) -> T
    ) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(sequence.reduce(initialResult, nextPartialResult))
    }

    /// Publishes the fold of all the elements, or fails with the error it throws.
    ///
    ///     [1, 2, 3].publisher.tryReduce(0) { try add($0, $1) }    // Result<Int, Error>.Publisher
    public func tryReduce<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Elements.Element) throws -> T
    ) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try sequence.reduce(initialResult, nextPartialResult) })
    }

    /// Publishes every element with `nil` replaced by `output`; the elements stay optional, as Apple declares.
    ///
    ///     [1, nil, 3].publisher.replaceNil(with: 0)    // publishes Optional(1), Optional(0), Optional(3)
    public func replaceNil<T>(with output: T) -> Publishers.Sequence<[Elements.Element], Failure>
    where Elements.Element == T? {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.map { $0 ?? output })
    }

    /// Publishes every partial result of the fold, computed now.
    ///
    ///     [1, 2, 3].publisher.scan(0, +)    // [1, 3, 6].publisher
    public func scan<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Elements.Element) -> T
    ) -> Publishers.Sequence<[T], Failure> {
        var partial = initialResult
        return Publishers.Sequence<[T], Failure>(
            sequence: sequence.map { element in
                partial = nextPartialResult(partial, element)
                return partial
            })
    }

    /// Publishes the same elements with the failure type `E`.
    ///
    ///     [1, 2].publisher.setFailureType(to: URLError.self)    // Publishers.Sequence<[Int], URLError>
    public func setFailureType<E: Error>(to error: E.Type) -> Publishers.Sequence<Elements, E> {
        Publishers.Sequence<Elements, E>(sequence: sequence)
    }
}

extension Publishers.Sequence where Elements.Element: Equatable {
    /// Publishes the elements without consecutive repeats, computed now.
    ///
    ///     [1, 1, 2, 1].publisher.removeDuplicates()    // [1, 2, 1].publisher
    public func removeDuplicates() -> Publishers.Sequence<[Elements.Element], Failure> {
        var kept: [Elements.Element] = []
        for element in sequence where kept.last != element { kept.append(element) }
        return Publishers.Sequence<[Elements.Element], Failure>(sequence: kept)
    }

    /// Publishes whether the sequence contains `output`.
    ///
    ///     [1, 2].publisher.contains(2)    // Result<Bool, Never>.Publisher(true)
    public func contains(_ output: Elements.Element) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.contains(output))
    }
}

extension Publishers.Sequence where Failure == Never, Elements.Element: Comparable {
    /// Publishes the smallest element, or nothing for an empty sequence.
    ///
    ///     [3, 1, 2].publisher.min()    // Optional(1).publisher
    public func min() -> Optional<Elements.Element>.Publisher { Optional<Elements.Element>.Publisher(sequence.min()) }

    /// Publishes the largest element, or nothing for an empty sequence.
    ///
    ///     [3, 1, 2].publisher.max()    // Optional(3).publisher
    public func max() -> Optional<Elements.Element>.Publisher { Optional<Elements.Element>.Publisher(sequence.max()) }
}

#endif
