import CombineCompat
import Testing

struct ConcatenateTests {
    enum TestError: Error { case boom }

    @Test func prependValuesAndAppendValues() {
        let subscriber = TestSubscriber<Int, Never>()
        [3, 4].publisher.prepend(1, 2).append(5).subscribe(subscriber)
        #expect(
            subscriber.history == [
                "subscription", "value(1)", "value(2)", "value(3)", "value(4)", "value(5)", "finished",
            ])
    }

    @Test func suffixInheritsTheUnmetDemand() {
        // Given a prefix that finishes with demand left over
        let suffix = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(5))
        suffix.prepend([1, 2]).subscribe(subscriber)
        // When the suffix publishes
        suffix.send(3)
        // Then it was asked for the remaining three values
        #expect(suffix.history == ["subscribe", "request(max(3))"])
        #expect(subscriber.history == ["subscription", "value(1)", "value(2)", "value(3)"])
    }

    @Test func laterDemandReachesTheCurrentUpstream() {
        let prefix = TestPublisher<Int, Never>()
        let suffix = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        prefix.append(suffix).subscribe(subscriber)
        prefix.send(1)
        prefix.send(completion: .finished)
        subscriber.request(.max(2))
        #expect(
            [prefix.history, suffix.history] == [
                ["subscribe", "request(max(1))"],
                ["subscribe", "request(max(2))"],
            ])
    }

    @Test func prefixFailureSkipsTheSuffix() {
        let suffix = TestPublisher<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        suffix.prepend(Fail(error: TestError.boom)).subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "failure(boom)"])
        #expect(suffix.history == [])
    }

    @Test func cancelReachesTheCurrentUpstream() {
        let prefix = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        prefix.append(7).subscribe(subscriber)
        subscriber.cancel()
        prefix.send(completion: .finished)
        #expect(prefix.history == ["subscribe", "request(unlimited)", "cancel"])
        #expect(subscriber.history == ["subscription"])
    }

    @Test func appendPublisher() {
        let subscriber = TestSubscriber<Int, Never>()
        Just(1).append(Just(2)).subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "value(1)", "value(2)", "finished"])
    }

    @Test func aRequestOfNoneIsPassedOnAndDemandCarriesOverToTheSuffix() {
        // Given a downstream that asked for ten values, asks for none (valid here, as in Combine: the OpenCombine
        // suite, whose compatibility mode runs against Apple's Combine, in ConcatenateTests.testBackpressure) and
        // returns three more from its first value
        let prefix = TestPublisher<Int, Never>()
        let suffix = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(10), demandPerValue: .max(3))
        prefix.append(suffix).subscribe(subscriber)
        subscriber.request(.none)
        // When the prefix sends a value and finishes
        let returned = prefix.send(3)
        prefix.send(completion: .finished)
        // Then the suffix is asked for what remains: 10 - 1 + 3 = 12
        #expect(
            [prefix.history, suffix.history, returned.map(\.description), subscriber.history] == [
                ["subscribe", "request(max(10))", "request(max(0))"], ["subscribe", "request(max(12))"], ["max(3)"],
                ["subscription", "value(3)"],
            ])
    }
}
