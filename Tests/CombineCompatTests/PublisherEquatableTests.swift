import CombineCompat
import Testing

/// Combine's `Equatable` conformances: publishers built from equal parts compare equal.
struct PublisherEquatableTests {
    @Test func combiningPublishersCompareByTheirUpstreams() {
        #expect(Just(1).merge(with: Just(2)) == Just(1).merge(with: Just(2)))
        #expect(Just(1).merge(with: Just(2)) != Just(1).merge(with: Just(3)))
        #expect(Just(1).merge(with: Just(2), Just(3)) == Just(1).merge(with: Just(2), Just(3)))
        #expect(Just(1).combineLatest(Just("a")) == Just(1).combineLatest(Just("a")))
        #expect(Just(1).zip(Just("a"), Just(true)) != Just(1).zip(Just("a"), Just(false)))
        #expect(Just(1).append(Just(2)) == Just(1).append(Just(2)))
    }

    @Test func operatorsCompareByUpstreamAndParameters() {
        let numbers = [1, 2, 3].publisher
        #expect(numbers == [1, 2, 3].publisher)
        #expect(numbers.dropFirst(1) == numbers.dropFirst(1))
        #expect(numbers.dropFirst(1) != numbers.dropFirst(2))
        #expect(numbers.prefix(2) == numbers.prefix(2))
        #expect(numbers.collect(2) != numbers.collect(3))
        #expect(numbers.count() == numbers.count())
        #expect(numbers.contains(2) != numbers.contains(4))
        #expect(Just(1).setFailureType(to: Never.self) == Just(1).setFailureType(to: Never.self))
        #expect(Empty<Int, Never>().replaceEmpty(with: 1) != Empty<Int, Never>().replaceEmpty(with: 2))
    }
}
