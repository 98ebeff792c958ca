/// The changes each operator method makes when the seam says its call is the mutant's: one call from the method,
/// which hands over what it was given and creates its operator from what comes back.
extension MutationSeam {
    /// `debounce`, `throttle`, `delay`, `timeout`: the interval as given, zero, or doubled.
    public static func interval<Interval: SignedNumeric>(
        _ interval: Interval, _ operator: MutationOperator, file: StaticString, line: UInt, column: UInt
    ) -> Interval {
        switch change(`operator`, file: file, line: line, column: column) {
        case .intervalZero: .zero
        case .intervalDoubled: interval + interval
        default: interval
        }
    }

    /// `removeDuplicates`: the predicate as given, or one for which nothing is a duplicate.
    public static func duplicates<Value>(
        _ predicate: @escaping (Value, Value) -> Bool, file: StaticString, line: UInt, column: UInt
    ) -> (Value, Value) -> Bool {
        change(.removeDuplicates, file: file, line: line, column: column) == .passThrough
            ? { _, _ in false } : predicate
    }

    /// `filter`: the predicate as given, one that keeps everything, or one that keeps nothing.
    public static func inclusion<Value>(
        _ isIncluded: @escaping (Value) -> Bool, file: StaticString, line: UInt, column: UInt
    ) -> (Value) -> Bool {
        switch change(.filter, file: file, line: line, column: column) {
        case .passThrough: { _ in true }
        case .dropAll: { _ in false }
        default: isIncluded
        }
    }

    /// `first(where:)`: the predicate as given, or one that takes the first element whatever it is.
    public static func firstPredicate<Value>(
        _ predicate: @escaping (Value) -> Bool, file: StaticString, line: UInt, column: UInt
    ) -> (Value) -> Bool {
        change(.firstWhere, file: file, line: line, column: column) == .passThrough ? { _ in true } : predicate
    }

    /// `compactMap`: the transform as given, or one that drops every element.
    public static func compacting<Value, Result>(
        _ transform: @escaping (Value) -> Result?, file: StaticString, line: UInt, column: UInt
    ) -> (Value) -> Result? {
        change(.compactMap, file: file, line: line, column: column) == .dropAll ? { _ in nil } : transform
    }

    /// `dropFirst` (nothing dropped), `prefix` (no limit), `retry` (no retries): the count as given or the
    /// pass-through one.
    public static func count(
        _ count: Int, _ operator: MutationOperator, file: StaticString, line: UInt, column: UInt
    ) -> Int {
        guard change(`operator`, file: file, line: line, column: column) == .passThrough else { return count }
        return `operator` == .prefix ? .max : 0
    }

    /// `map` to `Bool`: the transform as given, or one whose result is negated. Only a transform that returns
    /// `Bool` is a mutation point.
    public static func negating<Value, Result>(
        _ transform: @escaping (Value) -> Result, file: StaticString, line: UInt, column: UInt
    ) -> (Value) -> Result {
        guard Result.self == Bool.self, change(.mapBool, file: file, line: line, column: column) == .negated else {
            return transform
        }
        return { value in
            let result = transform(value)
            guard let flag = result as? Bool, let negated = (!flag) as? Result else { return result }
            return negated
        }
    }

    /// Whether the operator (one without a value to change: `switchToLatest`, `flatMap`, `receive(on:)`, `share()`,
    /// `replaceError`) is the mutant's at this call.
    public static func isChanged(_ operator: MutationOperator, file: StaticString, line: UInt, column: UInt) -> Bool {
        change(`operator`, file: file, line: line, column: column) != nil
    }
}

#if !canImport(Darwin)

extension Publishers.SwitchToLatest {
    /// This operator, or the mutant that merges its inner publishers when the seam says so for this call.
    @usableFromInline
    func mutated(file: StaticString, line: UInt, column: UInt) -> Self {
        var mutated = self
        mutated.mergesInner = MutationSeam.isChanged(.switchToLatest, file: file, line: line, column: column)
        return mutated
    }

    /// The mutant: every inner publisher merged, as `flatMap` does.
    @usableFromInline
    var mergedInner: Publishers.FlatMap<P, Upstream> {
        Publishers.FlatMap(upstream: upstream, maxPublishers: .unlimited) { $0 }
    }
}

#endif

#if !canImport(Darwin)

extension Publishers.FlatMap {
    /// This operator, or the mutant that keeps only its latest inner publisher when the seam says so for this call.
    @usableFromInline
    func mutated(file: StaticString, line: UInt, column: UInt) -> Self {
        var mutated = self
        mutated.keepsLatest = MutationSeam.isChanged(.flatMap, file: file, line: line, column: column)
        return mutated
    }

    /// The mutant: each new inner publisher cancels the one before, as `switchToLatest` does.
    @usableFromInline
    var latestInner: Publishers.SwitchToLatest<NewPublisher, Publishers.Map<Upstream, NewPublisher>> {
        Publishers.SwitchToLatest(upstream: Publishers.Map(upstream: upstream, transform: transform))
    }
}

#endif
