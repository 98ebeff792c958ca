import CombineCompat
import Testing

/// `drop(untilOutputFrom:)`. Evidence: Apple's documentation ("Ignores elements from the upstream publisher until it
/// receives an element from a second publisher", with its example printing "3 4") and the OpenCombine suite, whose
/// compatibility mode runs against Apple's Combine (DropUntilOutputTests): the second publisher is asked for one
/// element and its subscription is left alone once it emits; requests go to upstream unchanged (dropped elements
/// use up demand) and those made before upstream's subscription are asked of it when it arrives; the second
/// publisher completing first passes that completion on (each time) and cancels upstream; cancelling cancels
/// upstream, then the other, and nothing passes afterwards. Whether upstream finishing after the second
/// publisher's element touches that publisher's subscription is not in the record: it does not here.
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
        // Then the other publisher's subscription was not cancelled when it emitted (testOtherFailsAfterTriggering)
        #expect(other.history == ["subscribe", "request(max(1))"])
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

    @Test func everyCompletionOfTheOtherPublisherBeforeItsElementPassesOnAndALaterElementStillOpens() {
        // Given (testOtherCompletesBeforeTriggering)
        let other = TestPublisher<Int, TestError>()
        let harness = OperatorHarness(Int.self, TestError.self, initialDemand: .max(100), demandPerValue: .max(5)) {
            $0.drop(untilOutputFrom: other)
        }
        // When the other publisher finishes twice, then (against the rules) emits
        harness.send(1, 2)
        other.send(completion: .finished)
        other.send(completion: .finished)
        harness.send(3)
        other.send(1000)
        harness.send(4)
        // Then both completions reached the subscriber, upstream was cancelled once, and the late element opened
        #expect(other.history == ["subscribe", "request(max(1))"])
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(100))", "cancel"],
                    returned: ["max(0)", "max(0)", "max(0)", "max(5)"],
                    downstream: ["subscription", "finished", "finished", "value(4)"]))
    }

    @Test func requestsMadeBeforeUpstreamsSubscriptionAreAskedOfItWhenItArrives() {
        // Given an upstream that sends its subscription late, and an other publisher that finishes at once
        // (testLateSubscription)
        let upstream = ManualUpstream<Int, Never>()
        let downstream = TestSubscriber<Int, Never>(initialDemand: nil)
        upstream.drop(untilOutputFrom: Empty<Void, Never>()).subscribe(downstream)
        // When the subscriber asks three times, then the subscription arrives
        downstream.request(.max(10))
        downstream.request(.max(4))
        downstream.request(.none)
        let subscription = LoggedSubscription()
        upstream.send(subscription: subscription)
        // Then the stream had already finished, and the late subscription is still asked for all of it
        #expect(downstream.history == ["subscription", "finished"])
        #expect(subscription.history == ["request(max(14))"])
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

    @Test func nothingPassesAfterACancel() {
        // Given (testCancelAlreadyCancelled)
        let upstream = ManualUpstream<Int, Never>()
        let other = TestPublisher<Void, Never>()
        let downstream = TestSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.drop(untilOutputFrom: other).subscribe(downstream)
        let subscription = LoggedSubscription()
        upstream.send(subscription: subscription)
        // When the subscriber cancels twice and requests, and upstream still sends
        downstream.cancel()
        downstream.cancel()
        downstream.request(.max(10))
        let returned = upstream.send(1000)
        upstream.send(completion: .finished)
        let late = LoggedSubscription()
        upstream.send(subscription: late)
        // Then
        #expect(returned == Subscribers.Demand.none)
        #expect(subscription.history == ["request(max(2))", "cancel"])
        #expect(other.history == ["subscribe", "request(max(1))", "cancel"])
        #expect(late.history == ["cancel"])
        #expect(downstream.history == ["subscription"])
    }

    @Test func theOtherPublisherMayBeSubscribedAgainAfterItEmitted() {
        // Given (testReusableOtherSubscriber)
        let other = ManualUpstream<Int, Never>()
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(2)) { $0.drop(untilOutputFrom: other) }
        let first = LoggedSubscription()
        other.send(subscription: first)
        // When a second subscription comes, the other emits, then a third subscription comes, and the subscriber
        // cancels
        let second = LoggedSubscription()
        other.send(subscription: second)
        other.send(1000)
        let third = LoggedSubscription()
        other.send(subscription: third)
        harness.downstream.cancel()
        // Then
        #expect(first.history == ["request(max(1))"])
        #expect(second.history == ["cancel"])
        #expect(third.history == ["request(max(1))", "cancel"])
        #expect(harness.history.upstream == ["subscribe", "request(max(2))", "cancel"])
    }
}
