import CombineCompat
import Testing

/// `prefix(untilOutputFrom:)`. Evidence: Apple's documentation ("Republishes elements until another publisher emits
/// an element. After the second publisher publishes an element, the publisher returned by this method finishes")
/// and published compatibility tests run against Apple's Combine: the second publisher is asked for one element;
/// it finishing or failing without an element changes nothing; upstream finishing cancels it first.
@Suite struct PrefixUntilOutputTests {
    @Test func finishesAndCancelsUpstreamWhenTheOtherPublisherEmits() {
        // Given
        let stop = TestPublisher<Void, TestError>()
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(3), demandPerValue: .max(2)) {
            $0.prefix(untilOutputFrom: stop)
        }
        // When
        harness.send(1, 2)
        stop.send()
        harness.send(3)
        // Then
        #expect(stop.history == ["subscribe", "request(max(1))"])
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(3))", "cancel"], returned: ["max(2)", "max(2)", "max(0)"],
                    downstream: ["subscription", "value(1)", "value(2)", "finished"]))
    }

    @Test func theOtherPublisherCompletingWithoutAnElementChangesNothing() {
        let stop = TestPublisher<Void, TestError>()
        let harness = OperatorHarness(Int.self, Never.self) { $0.prefix(untilOutputFrom: stop) }
        stop.send(completion: .failure(TestError("ignored")))
        harness.send(1)
        harness.send(completion: .finished)
        #expect(harness.downstream.history == ["subscription", "value(1)", "finished"])
        #expect(stop.history == ["subscribe", "request(max(1))"])
    }

    @Test func upstreamFinishingCancelsTheOtherPublisher() {
        let stop = TestPublisher<Void, Never>()
        let harness = OperatorHarness(Int.self, Never.self) { $0.prefix(untilOutputFrom: stop) }
        harness.send(completion: .finished)
        #expect(stop.history == ["subscribe", "request(max(1))", "cancel"])
        #expect(harness.downstream.history == ["subscription", "finished"])
    }
}
