import CombineCompat
import Testing

/// `prefix(untilOutputFrom:)`. Evidence: Apple's documentation ("Republishes elements until another publisher emits
/// an element. After the second publisher publishes an element, the publisher returned by this method finishes")
/// and the OpenCombine suite, whose compatibility mode runs against Apple's Combine (PrefixUntilOutputTests): the
/// second publisher is asked for one element; it finishing or failing without an element changes nothing and its
/// later elements are ignored; upstream finishing cancels it first; events before a subscription are dropped.
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

    @Test(arguments: [Subscribers.Completion<TestError>.finished, .failure(TestError("ignored"))])
    func theOtherPublisherCompletingWithoutAnElementChangesNothing(_ completion: Subscribers.Completion<TestError>) {
        // Given (testTerminatorFinishesWithoutProducingValues, testTerminatorFailsWithoutProducingValues)
        let stop = TestPublisher<Void, TestError>()
        let harness = OperatorHarness(Int.self, Never.self, demandPerValue: .max(2)) {
            $0.prefix(untilOutputFrom: stop)
        }
        // When the other publisher completes, then (against the rules) emits and completes again
        stop.send(completion: completion)
        stop.send()
        stop.send(completion: .finished)
        harness.send(1)
        // Then the values keep passing
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"], returned: ["max(2)"],
                    downstream: ["subscription", "value(1)"]))
        #expect(stop.history == ["subscribe", "request(max(1))"])
    }

    @Test func upstreamFinishingCancelsTheOtherPublisher() {
        let stop = TestPublisher<Void, Never>()
        let harness = OperatorHarness(Int.self, Never.self) { $0.prefix(untilOutputFrom: stop) }
        harness.send(completion: .finished)
        #expect(stop.history == ["subscribe", "request(max(1))", "cancel"])
        #expect(harness.downstream.history == ["subscription", "finished"])
    }

    @Test func eventsBeforeUpstreamsSubscriptionAreDropped() {
        // Given an upstream that has not sent its subscription (testPrefixUntilOutputReceiveValueBeforeSubscription,
        // testPrefixUntilOutputReceiveCompletionBeforeSubscription)
        let upstream = ManualUpstream<Int, Never>()
        let stop = TestPublisher<Void, Never>()
        let downstream = TestSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: stop).subscribe(downstream)
        // When it sends a value and finishes
        let returned = upstream.send(31)
        upstream.send(completion: .finished)
        // Then nothing reached the subscriber, and the completion cancelled the other publisher
        #expect(returned == Subscribers.Demand.none)
        #expect(downstream.history == [])
        #expect(stop.history == ["subscribe", "request(max(1))", "cancel"])
    }

    @Test func theOtherPublishersElementBeforeItsSubscriptionIsIgnored() {
        // Given an other publisher that has not sent its subscription
        let stop = ManualUpstream<Int, Never>()
        let harness = OperatorHarness(Int.self, Never.self) { $0.prefix(untilOutputFrom: stop) }
        // When it emits
        _ = stop.send(31)
        harness.send(1)
        // Then the stream goes on
        #expect(harness.history.upstream == ["subscribe", "request(unlimited)"])
        #expect(harness.downstream.history == ["subscription", "value(1)"])
    }

    @Test func theOtherPublisherEmittingBeforeUpstreamSubscribesFinishesAndCancelsTheLateSubscription() {
        // Given (testTerminatorEmitsValueBeforeUpstreamSendsSubscription)
        let upstream = ManualUpstream<Int, Never>()
        let stop = TestPublisher<Int, Never>()
        let downstream = TestSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: stop).subscribe(downstream)
        // When
        stop.send(-1)
        let late = LoggedSubscription()
        upstream.send(subscription: late)
        // Then the subscriber finished without a subscription, as in Combine
        #expect(downstream.history == ["finished"])
        #expect(late.history == ["cancel"])
        #expect(stop.history == ["subscribe", "request(max(1))"])
    }

    @Test func cancellingCancelsUpstreamFirstThenTheOtherOnce() {
        // Given (testCancellation)
        let stop = TestPublisher<Void, Never>()
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: nil) { $0.prefix(untilOutputFrom: stop) }
        // When
        harness.downstream.cancel()
        harness.downstream.request(.max(42))
        harness.downstream.cancel()
        // Then
        #expect(
            harness.history.upstream + stop.history == [
                "subscribe", "cancel", "subscribe", "request(max(1))", "cancel",
            ])
    }
}
