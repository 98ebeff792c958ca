import CombineCompat
import Testing

/// `assertNoFailure(_:file:line:)`. Evidence: Apple's documentation ("Raises a fatal error when its upstream
/// publisher fails, and otherwise republishes all received input"; `Failure` is `Never`) and published
/// compatibility tests run against Apple's Combine: the upstream subscription reaches the subscriber unchanged.
/// The fatal error itself ends the process, so only its message is checked here.
@Suite struct AssertNoFailureTests {
    @Test func republishesValuesAndHandsTheUpstreamSubscriptionThrough() {
        // Given
        let upstream = TestPublisher<Int, TestError>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2), demandPerValue: .max(1))
        upstream.assertNoFailure("loading").subscribe(subscriber)
        // When
        let returned = upstream.send(1) + upstream.send(2)
        subscriber.cancel()
        upstream.send(completion: .finished)
        // Then the subscriber's requests and cancel reached upstream directly
        #expect(returned == [.max(1), .max(1)])
        #expect(subscriber.history == ["subscription", "value(1)", "value(2)", "finished"])
        #expect(upstream.history == ["subscribe", "request(max(2))", "cancel"])
    }

    @Test func theFatalErrorNamesThePrefixAndTheError() {
        #expect(_assertNoFailureMessage(prefix: "loading", error: TestError("offline")) == "loading: offline")
        #expect(_assertNoFailureMessage(prefix: "", error: TestError("offline")) == "offline")
    }
}
