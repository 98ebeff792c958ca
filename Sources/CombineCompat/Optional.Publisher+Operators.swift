#if !canImport(Darwin)

// Apple's Combine declares these operators on `Optional.Publisher` itself: each runs its closure at once, when the
// operator is applied, and returns another `Optional.Publisher` (or `Just`, `Empty`). A `nil` publisher stays
// `nil` through every one of them except `collect()` (an empty array) and `replaceEmpty(with:)`.

extension Optional.Publisher where Wrapped: Equatable {
    /// Publishes whether the value equals `output`; `nil` publishes nothing.
    ///
    ///     Optional(3).publisher.contains(3)    // Optional(true).publisher
    public func contains(_ output: Wrapped) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(self.output.map { $0 == output })
    }

    /// Publishes the value: one element has no duplicates.
    ///
    ///     Optional(3).publisher.removeDuplicates()    // Optional(3).publisher
    public func removeDuplicates() -> Optional<Wrapped>.Publisher { self }
}

extension Optional.Publisher where Wrapped: Comparable {
    /// Publishes the value: the minimum of at most one element.
    ///
    ///     Optional(3).publisher.min()    // Optional(3).publisher
    public func min() -> Optional<Wrapped>.Publisher { self }

    /// Publishes the value: the maximum of at most one element.
    ///
    ///     Optional(3).publisher.max()    // Optional(3).publisher
    public func max() -> Optional<Wrapped>.Publisher { self }
}

extension Optional.Publisher {
    /// Publishes whether the value satisfies `predicate`; `nil` publishes nothing.
    ///
    ///     Optional(3).publisher.allSatisfy { $0 > 0 }    // Optional(true).publisher
    public func allSatisfy(_ predicate: (Wrapped) -> Bool) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(output.map(predicate))
    }

    /// Publishes the value as a one-element array, or an empty array for `nil`.
    ///
    ///     Optional<Int>.none.publisher.collect()    // Optional([]).publisher
    public func collect() -> Optional<[Wrapped]>.Publisher {
        Optional<[Wrapped]>.Publisher(output.map { [$0] } ?? [])
    }

    /// Publishes the non-`nil` result of `transform`.
    ///
    ///     Optional("4").publisher.compactMap { Int($0) }    // Optional(4).publisher
    public func compactMap<T>(_ transform: (Wrapped) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.flatMap(transform))
    }

    /// Publishes the value; `areInIncreasingOrder` is never called.
    ///
    ///     Optional(3).publisher.min(by: <)    // Optional(3).publisher
    public func min(by areInIncreasingOrder: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher { self }

    /// Publishes the value; `areInIncreasingOrder` is never called.
    ///
    ///     Optional(3).publisher.max(by: <)    // Optional(3).publisher
    public func max(by areInIncreasingOrder: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher { self }

    /// Publishes whether the value satisfies `predicate`; `nil` publishes nothing.
    ///
    ///     Optional(3).publisher.contains { $0 > 2 }    // Optional(true).publisher
    public func contains(where predicate: (Wrapped) -> Bool) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(output.map(predicate))
    }

    /// Publishes 1 when there is a value; `nil` publishes nothing.
    ///
    ///     Optional("a").publisher.count()    // Optional(1).publisher
    public func count() -> Optional<Int>.Publisher {
        Optional<Int>.Publisher(output.map { _ in 1 })
    }

    /// Publishes the value unless `predicate` holds for it.
    ///
    ///     Optional(3).publisher.drop { $0 < 5 }    // Optional<Int>.none.publisher
    public func drop(while predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? nil : $0 })
    }

    /// Publishes the value when `count` is 0. A negative count traps.
    ///
    ///     Optional(3).publisher.dropFirst()    // Optional<Int>.none.publisher
    public func dropFirst(_ count: Int = 1) -> Optional<Wrapped>.Publisher {
        _APIViolation.checkNotNegative(count, "dropFirst(_:) count")
        return Optional<Wrapped>.Publisher(count == 0 ? output : nil)
    }

    /// Publishes the value if it satisfies `isIncluded`.
    ///
    ///     Optional(3).publisher.filter { $0 > 2 }    // Optional(3).publisher
    public func filter(_ isIncluded: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        Optional<Wrapped>.Publisher(output.flatMap { isIncluded($0) ? $0 : nil })
    }

    /// Publishes the value: it is the first element.
    ///
    ///     Optional(3).publisher.first()    // Optional(3).publisher
    public func first() -> Optional<Wrapped>.Publisher { self }

    /// Publishes the value if it satisfies `predicate`.
    ///
    ///     Optional(3).publisher.first { $0 > 2 }    // Optional(3).publisher
    public func first(where predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher { filter(predicate) }

    /// Finishes without publishing the value.
    ///
    ///     Optional(3).publisher.ignoreOutput()    // Empty<Int, Never>()
    public func ignoreOutput() -> Empty<Wrapped, Never> { Empty() }

    /// Publishes the value: it is the last element.
    ///
    ///     Optional(3).publisher.last()    // Optional(3).publisher
    public func last() -> Optional<Wrapped>.Publisher { self }

    /// Publishes the value if it satisfies `predicate`.
    ///
    ///     Optional(3).publisher.last { $0 > 2 }    // Optional(3).publisher
    public func last(where predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher { filter(predicate) }

    /// Publishes `transform(value)`, computed now.
    ///
    ///     Optional(3).publisher.map { $0 * 2 }    // Optional(6).publisher
    public func map<T>(_ transform: (Wrapped) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map(transform))
    }

    /// Publishes the value when `index` is 0. A negative index traps.
    ///
    ///     Optional(3).publisher.output(at: 0)    // Optional(3).publisher
    public func output(at index: Int) -> Optional<Wrapped>.Publisher {
        _APIViolation.checkNotNegative(index, "output(at:) index")
        return Optional<Wrapped>.Publisher(index == 0 ? output : nil)
    }

    /// Publishes the value when `range` contains index 0. A range starting below 0, or reaching `Int.max - 1`,
    /// traps (as Combine's does: the OpenCombine suite, whose compatibility mode runs against Apple's Combine,
    /// OptionalPublisherTests).
    ///
    ///     Optional(3).publisher.output(in: 0...1)    // Optional(3).publisher
    public func output<R: RangeExpression>(in range: R) -> Optional<Wrapped>.Publisher where R.Bound == Int {
        let indices = range.relative(to: 0..<Int.max)
        _APIViolation.checkNotNegative(indices.lowerBound, "output(in:) lower bound")
        _APIViolation.checkBelow(indices.upperBound, Int.max - 1, "output(in:) upper bound")
        return Optional<Wrapped>.Publisher(indices.contains(0) ? output : nil)
    }

    /// Publishes the value when `maxLength` is positive. A negative length traps.
    ///
    ///     Optional(3).publisher.prefix(0)    // Optional<Int>.none.publisher
    public func prefix(_ maxLength: Int) -> Optional<Wrapped>.Publisher {
        _APIViolation.checkNotNegative(maxLength, "prefix(_:) maxLength")
        return Optional<Wrapped>.Publisher(maxLength > 0 ? output : nil)
    }

    /// Publishes the value if it satisfies `predicate`.
    ///
    ///     Optional(3).publisher.prefix { $0 < 5 }    // Optional(3).publisher
    public func prefix(while predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher { filter(predicate) }

    /// Publishes `nextPartialResult(initialResult, value)`; `nil` publishes nothing.
    ///
    ///     Optional(3).publisher.reduce(10, +)    // Optional(13).publisher
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Wrapped) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
    }

    /// Publishes `nextPartialResult(initialResult, value)`: the one step of the scan.
    ///
    ///     Optional(3).publisher.scan(10, +)    // Optional(13).publisher
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Wrapped) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
    }

    /// Publishes the value; `predicate` is never called.
    ///
    ///     Optional(3).publisher.removeDuplicates(by: ==)    // Optional(3).publisher
    public func removeDuplicates(by predicate: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher { self }

    /// Publishes the value: this publisher never fails.
    ///
    ///     Optional(3).publisher.replaceError(with: 0)    // Optional(3).publisher
    public func replaceError(with output: Wrapped) -> Optional<Wrapped>.Publisher { self }

    /// Publishes the value, or `output` when there is none.
    ///
    ///     Optional<Int>.none.publisher.replaceEmpty(with: 0)    // Just(0)
    public func replaceEmpty(with output: Wrapped) -> Just<Wrapped> { Just(self.output ?? output) }

    /// Publishes the value: this publisher never fails, so there is nothing to retry.
    ///
    ///     Optional(3).publisher.retry(1)    // Optional(3).publisher
    public func retry(_ times: Int) -> Optional<Wrapped>.Publisher { self }
}

#endif
