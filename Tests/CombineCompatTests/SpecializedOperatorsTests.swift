import CombineCompat
import Testing

/// The operators Apple's Combine declares on `Just`, `Optional.Publisher`, `Result.Publisher` and
/// `Publishers.Sequence` themselves. Evidence: the declarations in Combine's public interface (each `let` below
/// spells Apple's declared return type, so these tests fail to compile if an overload is missing or returns
/// another type) and Apple's "Publisher Operators" topic pages of each type; the `nil` answers of
/// `Optional.Publisher` (`count()` → none, `collect()` → `[]`) follow published compatibility tests run against
/// Apple's Combine. Every result is checked by what a subscriber records.
struct SpecializedOperatorsTests {
    @Test func justOperatorsReturnTheSimplestPublisherOfTheAnswer() {
        let mapped: Just<String> = Just(3).map { "\($0 * 2)" }
        let dropped: Optional<Int>.Publisher = Just(3).dropFirst()
        let kept: Optional<Int>.Publisher = Just(3).dropFirst(0)
        let tried: Result<Int, Error>.Publisher = Just("4").tryMap { try parse($0) }
        let failed: Result<Int, Error>.Publisher = Just("x").tryMap { try parse($0) }
        let typed: Result<Int, TestError>.Publisher = Just(3).setFailureType(to: TestError.self)
        let joined: Publishers.Sequence<[Int], Never> = Just(3).prepend(1, 2).append([4])
        let counted: Just<Int> = Just("a").count()
        let reduced: Result<Int, Never>.Publisher = Just(3).reduce(10, +)
        let filtered: Optional<Int>.Publisher = Just(3).filter { $0 > 5 }
        let empty: Empty<Int, Never> = Just(3).ignoreOutput()
        let inRange: Optional<Int>.Publisher = Just(3).output(in: 0...2)
        #expect(record(mapped) == ["value(6)", "finished"])
        #expect(record(dropped) + record(kept) == ["finished", "value(3)", "finished"])
        #expect(record(tried) + record(failed) == ["value(4)", "finished", "failure(not a number: x)"])
        #expect(record(typed) == ["value(3)", "finished"])
        #expect(record(joined) == ["value(1)", "value(2)", "value(3)", "value(4)", "finished"])
        #expect(
            record(counted) + record(reduced) + record(filtered) == [
                "value(1)", "finished", "value(13)", "finished", "finished",
            ])
        #expect(record(empty) + record(inRange) == ["finished", "value(3)", "finished"])
    }

    @Test func justRunsItsClosuresOnceWhenTheOperatorIsApplied() {
        // Given a closure that counts its calls
        var calls = 0
        let isSmall: (Int) -> Bool = {
            calls += 1; return $0 < 5
        }
        // When operators are applied, before anything subscribes
        let results: [Any] = [
            Just(3).allSatisfy(isSmall), Just(3).contains(where: isSmall), Just(3).first(where: isSmall),
            Just(3).prefix(while: isSmall), Just(3).drop(while: isSmall),
        ]
        // Then each closure ran once, and the closures a single element never needs did not run
        let untouched = [
            Just(3).min(by: { _, _ in
                calls += 100; return true
            }), Just(3).removeDuplicates(by: ==),
        ]
        #expect(results.count == 5 && calls == 5 && untouched == [Just(3), Just(3)])
    }

    @Test func optionalPublisherOperatorsKeepNilAsNil() {
        let some = Optional(3).publisher, none = Optional<Int>.none.publisher
        let counts: [Optional<Int>.Publisher] = [some.count(), none.count()]
        let collected: [Optional<[Int]>.Publisher] = [some.collect(), none.collect()]
        let mapped: Optional<String>.Publisher = some.map { "\($0)" }
        let replaced: Just<Int> = none.replaceEmpty(with: 9)
        let reduced: Optional<Int>.Publisher = none.reduce(1, +)
        #expect(counts.flatMap(record) == ["value(1)", "finished", "finished"])
        #expect(collected.flatMap(record) == ["value([3])", "finished", "value([])", "finished"])
        #expect(
            record(mapped) + record(replaced) + record(reduced) == [
                "value(3)", "finished", "value(9)", "finished", "finished",
            ])
        #expect(
            some.contains(3) == Optional(true).publisher && none.allSatisfy { $0 > 0 } == Optional<Bool>.none.publisher)
    }

    @Test func resultPublisherOperatorsPassAFailureThroughWithoutCallingTheClosure() {
        let success = Result<Int, TestError>.success(3).publisher
        let failure = Result<Int, TestError>.failure(TestError("boom")).publisher
        var calls = 0
        let doubled: Result<Int, TestError>.Publisher = failure.map {
            calls += 1; return $0 * 2
        }
        let rescued: Result<Int, Never>.Publisher = failure.replaceError(with: 0)
        let renamed: Result<Int, OperatorError>.Publisher = failure.mapError { OperatorError("mapped \($0)") }
        let counted: Result<Int, TestError>.Publisher = success.count()
        let tried: Result<Bool, Error>.Publisher = failure.tryContains { _ in
            calls += 1; return true
        }
        #expect(record(doubled) + record(rescued) == ["failure(boom)", "value(0)", "finished"])
        #expect(record(renamed) + record(counted) == ["failure(mapped boom)", "value(1)", "finished"])
        #expect(record(tried) == ["failure(boom)"] && calls == 0)
        #expect(success.scan(10, +) == Result.success(13).publisher && success.min() == success)
    }

    @Test func sequenceOperatorsComputeTheirResultEagerly() {
        let numbers = [3, 1, 1, 2].publisher
        let mapped: Publishers.Sequence<[Int], Never> = numbers.map { $0 * 10 }
        let deduplicated: Publishers.Sequence<[Int], Never> = numbers.removeDuplicates()
        let scanned: Publishers.Sequence<[Int], Never> = numbers.scan(0, +)
        let dropped: Publishers.Sequence<DropFirstSequence<[Int]>, Never> = numbers.dropFirst(2)
        let prefixed: Publishers.Sequence<PrefixSequence<[Int]>, Never> = numbers.prefix(1)
        let count: Just<Int> = numbers.count()
        let typedCount: Result<Int, TestError>.Publisher = numbers.setFailureType(to: TestError.self).count()
        let setCount: Result<Int, Never>.Publisher = Set([1, 2]).publisher.count()
        let minimum: Optional<Int>.Publisher = numbers.min()
        let last: Optional<Int>.Publisher = numbers.last { $0 > 1 }
        let element: Optional<Int>.Publisher = numbers.output(at: 7)
        let slice: Publishers.Sequence<[Int], Never> = numbers.output(in: 2..<9)
        let total: Result<Int, Never>.Publisher = numbers.reduce(0, +)
        let collected: Result<[Int], Never>.Publisher = numbers.collect()
        #expect(mapped.sequence == [30, 10, 10, 20] && deduplicated.sequence == [3, 1, 2])
        #expect(
            scanned.sequence == [3, 4, 5, 7] && Array(dropped.sequence) == [1, 2] && Array(prefixed.sequence) == [3])
        #expect(
            record(count) + record(typedCount) + record(setCount) == [
                "value(4)", "finished", "value(4)", "finished", "value(2)", "finished",
            ])
        #expect(
            record(minimum) + record(last) + record(element) == [
                "value(1)", "finished", "value(2)", "finished", "finished",
            ])
        #expect(
            slice.sequence == [1, 2] && total == Result.success(7).publisher
                && collected == Result.success([3, 1, 1, 2]).publisher)
        #expect([1].publisher.prepend(0).append(2, 3).sequence == [0, 1, 2, 3])
        #expect([1, nil].publisher.replaceNil(with: 0).sequence == [1, 0])
    }

    @Test func justOutputInRangePublishesWhenTheRangeStartsAtZeroAndNeverTraps() {
        // Evidence: JustTests.testOutputInRangeOperatorSpecialization of the OpenCombine suite, run against Apple's
        // Combine, which notes the answers as Apple's (FB6169621): the range's start decides, not whether it
        // contains 0.
        let ranges: [(String, Optional<Int>.Publisher)] = [
            ("0..<10", Just(12).output(in: 0..<10)), ("-10..<10", Just(12).output(in: -10..<10)),
            ("-10...", Just(12).output(in: (-10)...)), ("-10...10", Just(12).output(in: -10...10)),
            ("-10..<-5", Just(12).output(in: -10 ..< -5)), ("0..<0", Just(12).output(in: 0..<0)),
            ("0...0", Just(12).output(in: 0...0)), ("1..<10", Just(12).output(in: 1..<10)),
        ]
        #expect(
            ranges.map { "\($0.0): \($0.1.output.map(String.init) ?? "nil")" } == [
                "0..<10: 12", "-10..<10: nil", "-10...: nil", "-10...10: nil", "-10..<-5: nil", "0..<0: 12",
                "0...0: 12", "1..<10: nil",
            ])
    }

    @Test func theTryComparisonsOfJustAndResultCallTheirClosureWithTheOutputTwiceAndRethrow() {
        // Evidence: JustTests.testTryRemoveDuplicatesOperatorSpecialization and ResultPublisherTests
        // .testTryMinOperatorSpecialization, testTryMaxOperatorSpecialization,
        // testTryRemoveDuplicatesOperatorSpecialization of the OpenCombine suite, run against Apple's Combine.
        var calls: [String] = []
        let compare: (Int, Int) throws -> Bool = { lhs, rhs in
            calls.append("\(lhs),\(rhs)")
            return lhs < rhs
        }
        let throwing: (Int, Int) throws -> Bool = { lhs, rhs in
            calls.append("throw \(lhs),\(rhs)")
            throw TestError("oops")
        }
        let failed = Result<Int, TestError>.failure(TestError("error")).publisher
        let results: [Result<Int, Error>] = [
            Just(44).tryRemoveDuplicates(by: compare).result, Just(44).tryRemoveDuplicates(by: throwing).result,
            Result<Int, TestError>.success(1).publisher.tryMin(by: compare).result,
            Result<Int, TestError>.success(2).publisher.tryMax(by: throwing).result,
            Result<Int, TestError>.success(3).publisher.tryRemoveDuplicates(by: throwing).result,
            failed.tryMin(by: throwing).result, failed.tryMax(by: throwing).result,
            failed.tryRemoveDuplicates(by: throwing).result,
        ]
        #expect(
            results.map { result in
                switch result {
                case .success(let value): "\(value)"
                case .failure(let error): "failure(\(error))"
                }
            } == [
                "44", "failure(oops)", "1", "failure(oops)", "failure(oops)", "failure(error)", "failure(error)",
                "failure(error)",
            ])
        #expect(calls == ["44,44", "throw 44,44", "1,1", "throw 2,2", "throw 3,3"])
    }

}

/// Subscribes with unlimited demand and returns what arrived after the subscription.
private func record<P: Publisher>(_ publisher: P) -> [String] {
    let subscriber = TestSubscriber<P.Output, P.Failure>()
    publisher.subscribe(subscriber)
    return Array(subscriber.history.dropFirst())
}

private struct NotANumber: Error, CustomStringConvertible {
    let text: String
    var description: String { "not a number: \(text)" }
}

private func parse(_ text: String) throws -> Int {
    guard let number = Int(text) else { throw NotANumber(text: text) }
    return number
}
