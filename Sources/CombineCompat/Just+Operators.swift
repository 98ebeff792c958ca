#if !canImport(Darwin)

// Apple's Combine declares these operators on `Just` itself: each runs its closure at once, when the operator is
// applied, and returns the simplest publisher of the answer (`Just`, `Optional.Publisher`, `Result.Publisher`,
// `Publishers.Sequence`, `Empty`). Their return types are part of the API: code that spells them compiles.

extension Just where Output: Comparable {
    /// Publishes this value: the minimum of a single element is itself.
    ///
    ///     Just(3).min()    // Just(3)
    public func min() -> Just<Output> { self }

    /// Publishes this value: the maximum of a single element is itself.
    ///
    ///     Just(3).max()    // Just(3)
    public func max() -> Just<Output> { self }
}

extension Just where Output: Equatable {
    /// Publishes whether this value equals `output`.
    ///
    ///     Just(3).contains(3)    // Just(true)
    public func contains(_ output: Output) -> Just<Bool> { Just<Bool>(self.output == output) }

    /// Publishes this value: a single element has no duplicates.
    ///
    ///     Just(3).removeDuplicates()    // Just(3)
    public func removeDuplicates() -> Just<Output> { self }
}

extension Just {
    /// Publishes whether this value satisfies `predicate`, evaluated now.
    ///
    ///     Just(3).allSatisfy { $0 > 0 }    // Just(true)
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> { Just<Bool>(predicate(output)) }

    /// Publishes whether this value satisfies `predicate`, or fails with the error it throws.
    ///
    ///     Just(3).tryAllSatisfy { try check($0) }    // Result<Bool, Error>.Publisher
    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try predicate(output) })
    }

    /// Publishes this value as a one-element array.
    ///
    ///     Just(3).collect()    // Just([3])
    public func collect() -> Just<[Output]> { Just<[Output]>([output]) }

    /// Publishes the non-`nil` result of `transform`, or finishes without a value.
    ///
    ///     Just("4").compactMap { Int($0) }    // Optional(4).publisher
    public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(transform(output))
    }

    /// Publishes this value; `areInIncreasingOrder` is never called for a single element.
    ///
    ///     Just(3).min(by: <)    // Just(3)
    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

    /// Publishes this value; `areInIncreasingOrder` is never called for a single element.
    ///
    ///     Just(3).max(by: <)    // Just(3)
    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

    /// Publishes `elements`, then this value.
    ///
    ///     Just(3).prepend(1, 2)    // [1, 2, 3].publisher
    public func prepend(_ elements: Output...) -> Publishers.Sequence<[Output], Never> { prepend(elements) }

    /// Publishes the elements of `elements`, then this value.
    ///
    ///     Just(3).prepend([1, 2])    // [1, 2, 3].publisher
    public func prepend<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Never> where S.Element == Output {
        Publishers.Sequence(sequence: Array(elements) + [output])
    }

    /// Publishes this value, then `elements`.
    ///
    ///     Just(1).append(2, 3)    // [1, 2, 3].publisher
    public func append(_ elements: Output...) -> Publishers.Sequence<[Output], Never> { append(elements) }

    /// Publishes this value, then the elements of `elements`.
    ///
    ///     Just(1).append([2, 3])    // [1, 2, 3].publisher
    public func append<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Never> where S.Element == Output {
        Publishers.Sequence(sequence: [output] + Array(elements))
    }

    /// Publishes whether this value satisfies `predicate`.
    ///
    ///     Just(3).contains { $0 > 2 }    // Just(true)
    public func contains(where predicate: (Output) -> Bool) -> Just<Bool> { Just<Bool>(predicate(output)) }

    /// Publishes whether this value satisfies `predicate`, or fails with the error it throws.
    ///
    ///     Just(3).tryContains { try check($0) }    // Result<Bool, Error>.Publisher
    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try predicate(output) })
    }

    /// Publishes 1: the number of elements.
    ///
    ///     Just("a").count()    // Just(1)
    public func count() -> Just<Int> { Just<Int>(1) }

    /// Publishes this value when `count` is 0, otherwise finishes without a value. A negative count traps.
    ///
    ///     Just(3).dropFirst()     // Optional<Int>.none.publisher
    ///     Just(3).dropFirst(0)    // Optional(3).publisher
    public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
        _APIViolation.checkNotNegative(count, "dropFirst(_:) count")
        return Optional<Output>.Publisher(count == 0 ? output : nil)
    }

    /// Publishes this value unless `predicate` holds for it.
    ///
    ///     Just(3).drop { $0 < 5 }    // Optional<Int>.none.publisher
    public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? nil : output)
    }

    /// Publishes this value: it is the first element.
    ///
    ///     Just(3).first()    // Just(3)
    public func first() -> Just<Output> { self }

    /// Publishes this value if it satisfies `predicate`.
    ///
    ///     Just(3).first { $0 > 2 }    // Optional(3).publisher
    public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// Publishes this value: it is the last element.
    ///
    ///     Just(3).last()    // Just(3)
    public func last() -> Just<Output> { self }

    /// Publishes this value if it satisfies `predicate`.
    ///
    ///     Just(3).last { $0 > 2 }    // Optional(3).publisher
    public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// Publishes this value if it satisfies `isIncluded`.
    ///
    ///     Just(3).filter { $0.isMultiple(of: 2) }    // Optional<Int>.none.publisher
    public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(isIncluded(output) ? output : nil)
    }

    /// Finishes without publishing the value.
    ///
    ///     Just(3).ignoreOutput()    // Empty<Int, Never>()
    public func ignoreOutput() -> Empty<Output, Never> { Empty() }

    /// Publishes `transform(output)`, computed now.
    ///
    ///     Just(3).map { $0 * 2 }    // Just(6)
    public func map<T>(_ transform: (Output) -> T) -> Just<T> { Just<T>(transform(output)) }

    /// Publishes `transform(output)`, or fails with the error it throws.
    ///
    ///     Just("4").tryMap { try parse($0) }    // Result<Int, Error>.Publisher
    public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try transform(output) })
    }

    /// Publishes this value with the failure type `E`; `transform` is never called, `Just` cannot fail.
    ///
    ///     Just(3).mapError { _ in AppError.unknown }    // Result<Int, AppError>.Publisher
    public func mapError<E: Error>(_ transform: (Never) -> E) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    /// Publishes this value when `index` is 0. A negative index traps.
    ///
    ///     Just(3).output(at: 0)    // Optional(3).publisher
    public func output(at index: Int) -> Optional<Output>.Publisher {
        _APIViolation.checkNotNegative(index, "output(at:) index")
        return Optional<Output>.Publisher(index == 0 ? output : nil)
    }

    /// Publishes this value when `range` starts at index 0, as Combine's `Just` does (an empty `0..<0` included, a
    /// range starting below 0 excluded; it never traps).
    ///
    /// Evidence: the OpenCombine suite, whose compatibility mode runs against Apple's Combine
    /// (JustTests.testOutputInRangeOperatorSpecialization, which notes Apple's report FB6169621).
    ///
    ///     Just(3).output(in: 0..<2)      // Optional(3).publisher
    ///     Just(3).output(in: -10..<10)   // Optional<Int>.none.publisher
    public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
        Optional<Output>.Publisher(range.relative(to: 0..<Int.max).lowerBound == 0 ? output : nil)
    }

    /// Publishes this value when `maxLength` is positive. A negative length traps.
    ///
    ///     Just(3).prefix(1)    // Optional(3).publisher
    public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
        _APIViolation.checkNotNegative(maxLength, "prefix(_:) maxLength")
        return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
    }

    /// Publishes this value if it satisfies `predicate`.
    ///
    ///     Just(3).prefix { $0 < 5 }    // Optional(3).publisher
    public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// Publishes `nextPartialResult(initialResult, output)`.
    ///
    ///     Just(3).reduce(10, +)    // Result<Int, Never>.Publisher(13)
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    /// Publishes `nextPartialResult(initialResult, output)`, or fails with the error it throws.
    ///
    ///     Just(3).tryReduce(10) { try add($0, $1) }    // Result<Int, Error>.Publisher
    public func tryReduce<T>(
        _ initialResult: T,
        _ nextPartialResult: (T, Output) throws -> T
    ) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    /// Publishes this value; `predicate` is never called for a single element.
    ///
    ///     Just(3).removeDuplicates(by: ==)    // Just(3)
    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> { self }

    /// Publishes this value with the failure type `Error`, after calling `predicate` with the value twice, as
    /// Combine's `Just` does (JustTests.testTryRemoveDuplicatesOperatorSpecialization of the OpenCombine suite, run
    /// against Apple's Combine); what it throws becomes the failure.
    ///
    ///     Just(3).tryRemoveDuplicates { try same($0, $1) }    // Result<Int, Error>.Publisher(3)
    public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool) -> Result<Output, Error>.Publisher {
        do {
            _ = try predicate(output, output)
            return Result<Output, Error>.Publisher(output)
        } catch {
            return Result<Output, Error>.Publisher(error)
        }
    }

    /// Publishes this value: `Just` never fails, so there is no error to replace.
    ///
    ///     Just(3).replaceError(with: 0)    // Just(3)
    public func replaceError(with output: Output) -> Just<Output> { self }

    /// Publishes this value: `Just` is never empty.
    ///
    ///     Just(3).replaceEmpty(with: 0)    // Just(3)
    public func replaceEmpty(with output: Output) -> Just<Output> { self }

    /// Publishes this value: `Just` never fails, so there is nothing to retry.
    ///
    ///     Just(3).retry(2)    // Just(3)
    public func retry(_ times: Int) -> Just<Output> { self }

    /// Publishes `nextPartialResult(initialResult, output)`: the one step of the scan.
    ///
    ///     Just(3).scan(10, +)    // Result<Int, Never>.Publisher(13)
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    /// Publishes the one step of the scan, or fails with the error it throws.
    ///
    ///     Just(3).tryScan(10) { try add($0, $1) }    // Result<Int, Error>.Publisher
    public func tryScan<T>(
        _ initialResult: T,
        _ nextPartialResult: (T, Output) throws -> T
    ) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    /// Publishes this value with the failure type `E`.
    ///
    ///     Just(3).setFailureType(to: URLError.self)    // Result<Int, URLError>.Publisher
    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }
}

#endif
