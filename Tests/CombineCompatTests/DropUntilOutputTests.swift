import CombineCompat
import Testing

/// `drop(untilOutputFrom:)`. Evidence: Apple's documentation ("Ignores elements from the upstream publisher until it
/// receives an element from a second publisher", with its example printing "3 4") and published compatibility tests
/// run against Apple's Combine: the second publisher is asked for one element; requests go to upstream unchanged
/// (dropped elements use up demand); the second publisher finishing first finishes the stream and cancels
/// upstream; its completion after its first element is ignored; cancelling cancels upstream, then the other.
@Suite struct DropUntilOutputTests {
    @Test func dropsUntilTheOtherPublisherEmitsThenPassesThrough() {
        // Given
        let other = TestPublisher<String, TestError>()
        let harness = OperatorHarness(Int.self, TestError.self, initialDemand: .max(4), demandPerValue: .max(1)) {
            $0.drop(untilOutputFrom: other)
        }
        // When
        harness.send(1, 2)
        other.send("go")
        harness.send(3, 4)
        other.send(completion: .failure(TestError("ignored")))
        harness.send(completion: .finished)
        // Then
        #expect(other.history == ["subscribe", "request(max(1))", "cancel"])
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(4))"], returned: ["max(0)", "max(0)", "max(1)", "max(1)"],
                    downstream: ["subscription", "value(3)", "value(4)", "finished"]))
    }

    @Test func theOtherPublisherCompletingFirstEndsTheStream() {
        let other = TestPublisher<Void, TestError>()
        let harness = OperatorHarness(Int.self, TestError.self) { $0.drop(untilOutputFrom: other) }
        harness.send(1)
        other.send(completion: .failure(TestError("boom")))
        #expect(harness.history.upstream == ["subscribe", "request(unlimited)", "cancel"])
        #expect(harness.downstream.history == ["subscription", "failure(boom)"])
    }

    @Test func cancellingCancelsUpstreamThenTheOther() {
        let other = TestPublisher<Void, Never>()
        let harness = OperatorHarness(Int.self, Never.self) { $0.drop(untilOutputFrom: other) }
        harness.downstream.cancel()
        #expect(
            harness.history.upstream + other.history == [
                "subscribe", "request(unlimited)", "cancel", "subscribe", "request(max(1))", "cancel",
            ])
    }
}
