#if !canImport(Darwin)

// Apple's Combine declares these operators on `Result.Publisher` itself: each runs its closure at once on the
// success value (never on a failure, which passes through) and returns another `Result.Publisher` (or `Empty`).

extension Result.Publisher where Success: Equatable {
    /// Publishes whether the success value equals `output`, or the failure.
    ///
    ///     Result<Int, Never>.success(3).publisher.contains(3)    // .success(true)
    public func contains(_ output: Success) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map { $0 == output })
    }

    /// Publishes the result unchanged: one element has no duplicates.
    ///
    ///     result.publisher.removeDuplicates()    // the same result
    public func removeDuplicates() -> Result<Success, Failure>.Publisher { self }
}

extension Result.Publisher where Success: Comparable {
    /// Publishes the result unchanged: the minimum of one element.
    ///
    ///     result.publisher.min()    // the same result
    public func min() -> Result<Success, Failure>.Publisher { self }

    /// Publishes the result unchanged: the maximum of one element.
    ///
    ///     result.publisher.max()    // the same result
    public func max() -> Result<Success, Failure>.Publisher { self }
}

extension Result.Publisher where Failure == Never {
    /// Publishes the success value with the failure type `E`.
    ///
    ///     Result<Int, Never>.success(3).publisher.setFailureType(to: URLError.self)
    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Success, E>.Publisher {
        switch result {
        case .success(let value): return Result<Success, E>.Publisher(value)
        }
    }
}

extension Result.Publisher {
    /// Publishes whether the success value satisfies `predicate`, or the failure.
    ///
    ///     Result<Int, Never>.success(3).publisher.allSatisfy { $0 > 0 }    // .success(true)
    public func allSatisfy(_ predicate: (Success) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map(predicate))
    }

    /// Publishes whether the success value satisfies `predicate`, the error it throws, or the failure.
    ///
    ///     result.publisher.tryAllSatisfy { try check($0) }    // Result<Bool, Error>.Publisher
    public func tryAllSatisfy(_ predicate: (Success) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(_try(predicate))
    }

    /// Publishes whether the success value satisfies `predicate`, or the failure.
    ///
    ///     Result<Int, Never>.success(3).publisher.contains { $0 > 2 }    // .success(true)
    public func contains(where predicate: (Success) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map(predicate))
    }

    /// Publishes whether the success value satisfies `predicate`, the error it throws, or the failure.
    ///
    ///     result.publisher.tryContains { try check($0) }    // Result<Bool, Error>.Publisher
    public func tryContains(where predicate: (Success) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(_try(predicate))
    }

    /// Publishes the success value as a one-element array, or the failure.
    ///
    ///     Result<Int, Never>.success(3).publisher.collect()    // .success([3])
    public func collect() -> Result<[Success], Failure>.Publisher {
        Result<[Success], Failure>.Publisher(result.map { [$0] })
    }

    /// Publishes the result unchanged; `areInIncreasingOrder` is never called.
    ///
    ///     result.publisher.min(by: <)    // the same result
    public func min(by areInIncreasingOrder: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
        self
    }

    /// Publishes the result with the failure type `Error`, after calling `areInIncreasingOrder` with the output
    /// twice; what it throws becomes the failure.
    ///
    ///     result.publisher.tryMin { try less($0, $1) }    // Result<Int, Error>.Publisher
    public func tryMin(by areInIncreasingOrder: (Success, Success) throws -> Bool) -> Result<Success, Error>.Publisher {
        Result<Success, Error>.Publisher(_tryComparingOutputWithItself(areInIncreasingOrder))
    }

    /// Publishes the result unchanged; `areInIncreasingOrder` is never called.
    ///
    ///     result.publisher.max(by: <)    // the same result
    public func max(by areInIncreasingOrder: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
        self
    }

    /// Publishes the result with the failure type `Error`, after calling `areInIncreasingOrder` with the output
    /// twice; what it throws becomes the failure.
    ///
    ///     result.publisher.tryMax { try less($0, $1) }    // Result<Int, Error>.Publisher
    public func tryMax(by areInIncreasingOrder: (Success, Success) throws -> Bool) -> Result<Success, Error>.Publisher {
        Result<Success, Error>.Publisher(_tryComparingOutputWithItself(areInIncreasingOrder))
    }

    /// Publishes 1, or the failure.
    ///
    ///     Result<String, Never>.success("a").publisher.count()    // .success(1)
    public func count() -> Result<Int, Failure>.Publisher {
        Result<Int, Failure>.Publisher(result.map { _ in 1 })
    }

    /// Publishes the result unchanged: the value is the first element.
    ///
    ///     result.publisher.first()    // the same result
    public func first() -> Result<Success, Failure>.Publisher { self }

    /// Publishes the result unchanged: the value is the last element.
    ///
    ///     result.publisher.last()    // the same result
    public func last() -> Result<Success, Failure>.Publisher { self }

    /// Finishes without the value, or fails with the failure.
    ///
    ///     result.publisher.ignoreOutput()    // Empty<Int, MyError>()
    public func ignoreOutput() -> Empty<Success, Failure> { Empty() }

    /// Publishes `transform(value)`, or the failure.
    ///
    ///     Result<Int, Never>.success(3).publisher.map { $0 * 2 }    // .success(6)
    public func map<T>(_ transform: (Success) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map(transform))
    }

    /// Publishes `transform(value)`, the error it throws, or the failure.
    ///
    ///     result.publisher.tryMap { try parse($0) }    // Result<Int, Error>.Publisher
    public func tryMap<T>(_ transform: (Success) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(_try(transform))
    }

    /// Publishes the value, or `transform(failure)`.
    ///
    ///     result.publisher.mapError { AppError.network($0) }    // Result<Int, AppError>.Publisher
    public func mapError<E: Error>(_ transform: (Failure) -> E) -> Result<Success, E>.Publisher {
        Result<Success, E>.Publisher(result.mapError(transform))
    }

    /// Publishes `nextPartialResult(initialResult, value)`, or the failure.
    ///
    ///     Result<Int, Never>.success(3).publisher.reduce(10, +)    // .success(13)
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Success) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
    }

    /// Publishes `nextPartialResult(initialResult, value)`, the error it throws, or the failure.
    ///
    ///     result.publisher.tryReduce(10) { try add($0, $1) }    // Result<Int, Error>.Publisher
    public func tryReduce<T>(
        _ initialResult: T,
        _ nextPartialResult: (T, Success) throws -> T
    ) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(_try { try nextPartialResult(initialResult, $0) })
    }

    /// Publishes the result unchanged; `predicate` is never called.
    ///
    ///     result.publisher.removeDuplicates(by: ==)    // the same result
    public func removeDuplicates(by predicate: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher {
        self
    }

    /// Publishes the result with the failure type `Error`, after calling `predicate` with the output twice; what it
    /// throws becomes the failure.
    ///
    ///     result.publisher.tryRemoveDuplicates { try same($0, $1) }    // Result<Int, Error>.Publisher
    public func tryRemoveDuplicates(
        by predicate: (Success, Success) throws -> Bool
    ) -> Result<Success, Error>.Publisher {
        Result<Success, Error>.Publisher(_tryComparingOutputWithItself(predicate))
    }

    /// The result, after calling `compare` with the output twice, as Combine's specialisations do (the OpenCombine
    /// suite, whose compatibility mode runs against Apple's Combine: ResultPublisherTests
    /// .testTryMinOperatorSpecialization, testTryMaxOperatorSpecialization,
    /// testTryRemoveDuplicatesOperatorSpecialization): what `compare` throws becomes the failure; a failure is kept
    /// and `compare` not called.
    private func _tryComparingOutputWithItself(_ compare: (Success, Success) throws -> Bool) -> Result<Success, Error> {
        switch result {
        case .success(let output):
            do {
                _ = try compare(output, output)
                return .success(output)
            } catch {
                return .failure(error)
            }
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// Publishes the value, or `output` in place of the failure.
    ///
    ///     Result<Int, URLError>.failure(URLError(.timedOut)).publisher.replaceError(with: 0)    // .success(0)
    public func replaceError(with output: Success) -> Result<Success, Never>.Publisher {
        switch result {
        case .success(let value): return Result<Success, Never>.Publisher(value)
        case .failure: return Result<Success, Never>.Publisher(output)
        }
    }

    /// Publishes the result unchanged: a `Result.Publisher` is never empty.
    ///
    ///     result.publisher.replaceEmpty(with: 0)    // the same result
    public func replaceEmpty(with output: Success) -> Result<Success, Failure>.Publisher { self }

    /// Publishes the result unchanged: a retry would produce the same result again.
    ///
    ///     result.publisher.retry(3)    // the same result
    public func retry(_ times: Int) -> Result<Success, Failure>.Publisher { self }

    /// Publishes `nextPartialResult(initialResult, value)`, or the failure: the one step of the scan.
    ///
    ///     Result<Int, Never>.success(3).publisher.scan(10, +)    // .success(13)
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Success) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
    }

    /// Publishes the one step of the scan, the error it throws, or the failure.
    ///
    ///     result.publisher.tryScan(10) { try add($0, $1) }    // Result<Int, Error>.Publisher
    public func tryScan<T>(
        _ initialResult: T,
        _ nextPartialResult: (T, Success) throws -> T
    ) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(_try { try nextPartialResult(initialResult, $0) })
    }

    /// Applies a throwing closure to the success value; the failure, or the thrown error, becomes `Error`.
    private func _try<T>(_ body: (Success) throws -> T) -> Result<T, Error> {
        switch result {
        case .success(let value):
            do { return .success(try body(value)) } catch { return .failure(error) }
        case .failure(let error): return .failure(error)
        }
    }
}

#endif
