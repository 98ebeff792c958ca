import CombineCompat
import Testing

/// Evidence: the OpenCombine suite, whose compatibility mode runs against Apple's Combine (AutoconnectTests:
/// testBasicRefcountBehavior, testReentranceWhenConnecting, testAutoconnectReflection). Apple's documentation of
/// `autoconnect()` says only that it connects at the first subscription.
struct AutoconnectTests {
    @Test func firstSubscriberConnectsAndLastCancelDisconnects() {
        // Given an autoconnecting publisher
        let upstream = TestPublisher<Int, Never>()
        let shared = upstream.makeConnectable().autoconnect()
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        // When two subscribe, values flow, and both cancel
        shared.subscribe(first)
        upstream.send(1)
        shared.subscribe(second)
        upstream.send(2)
        first.cancel()
        let afterFirstCancel = upstream.history
        second.cancel()
        // Then the upstream was subscribed once and cancelled with the last subscriber
        #expect(afterFirstCancel == ["subscribe", "request(unlimited)"])
        #expect(upstream.history == ["subscribe", "request(unlimited)", "cancel"])
        #expect(
            [first.history, second.history] == [
                ["subscription", "value(1)", "value(2)"],
                ["subscription", "value(2)"],
            ])
    }

    @Test func aNewSubscriberReconnects() {
        let upstream = TestPublisher<Int, Never>()
        let shared = upstream.makeConnectable().autoconnect()
        let first = TestSubscriber<Int, Never>()
        shared.subscribe(first)
        first.cancel()
        let second = TestSubscriber<Int, Never>()
        shared.subscribe(second)
        upstream.send(3)
        #expect(upstream.history == ["subscribe", "request(unlimited)", "cancel", "subscribe", "request(unlimited)"])
        #expect(second.history == ["subscription", "value(3)"])
    }

    @Test func completionPassesThroughAndOnlyTheLastCancelDisconnects() {
        // Given three subscribers of an autoconnected publisher (testBasicRefcountBehavior)
        let upstream = TestConnectable<Int, TestError>()
        let autoconnect = upstream.autoconnect()
        let subscribers = (1...3).map { _ in TestSubscriber<Int, TestError>(initialDemand: .max(1)) }
        for subscriber in subscribers { autoconnect.subscribe(subscriber) }
        let afterSubscribing = upstream.connections
        // When the upstream completes (twice, and sends after it), then the subscribers cancel, the first twice
        upstream.send(1)
        upstream.send(completion: .finished)
        upstream.send(2)
        upstream.send(completion: .failure(TestError("oops")))
        let afterCompletion = upstream.connections
        subscribers[1].cancel()
        subscribers[2].cancel()
        let beforeLastCancel = upstream.connections
        subscribers[0].cancel()
        subscribers[0].cancel()
        // Then a completion changes nothing about the connection: it is cancelled at the last cancel only, and
        // every cancel reaches the upstream subscription, also once nothing is connected
        #expect(afterSubscribing == ["connect"])
        #expect(afterCompletion == ["connect"])
        #expect(beforeLastCancel == ["connect"])
        #expect(upstream.connections == ["connect", "disconnect"])
        #expect(
            upstream.history == [
                "subscribe", "request(max(1))", "subscribe", "request(max(1))", "subscribe", "request(max(1))",
                "cancel", "cancel", "cancel", "cancel",
            ])
        #expect(
            subscribers[2].history == [
                "subscription", "value(1)", "finished", "value(2)", "failure(oops)",
            ])
    }

    @Test func subscribersHoldTheUpstreamSubscriptionsIdentityAndDescription() {
        // Given (testAutoconnectReflection: the downstream's subscription has the upstream's combineIdentifier)
        let upstream = TestConnectable<Int, Never>()
        let autoconnect = upstream.autoconnect()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        // When
        autoconnect.subscribe(subscriber)
        // Then
        let held = subscriber.subscription
        #expect(held.map { String(describing: $0) } == "RecordingSubscription")
        #expect(
            held.map { "\(($0 as? CustomPlaygroundDisplayConvertible)?.playgroundDescription ?? "-")" }
                == "RecordingSubscription")
        #expect(held?.combineIdentifier == upstream.subscriptionIdentifiers.first)
    }

    @Test func aSubscriptionMadeWhileConnectingConnectsAgain() {
        // Given a subscriber that subscribes another one when it receives its subscription, before the connection
        // is made (testReentranceWhenConnecting)
        let upstream = TestConnectable<Int, Never>()
        let autoconnect = upstream.autoconnect()
        let inner = TestSubscriber<Int, Never>(initialDemand: nil)
        let outer = ReentrantSubscriber { autoconnect.subscribe(inner) }
        // When
        autoconnect.subscribe(outer)
        let afterSubscribing = upstream.connections
        outer.subscription?.cancel()
        let afterOuterCancel = upstream.connections
        inner.cancel()
        // Then Apple's autoconnect connects twice and keeps count of the later connection only: the first cancel
        // disconnects it, the second finds nothing connected
        #expect(afterSubscribing == ["connect", "connect"])
        #expect(afterOuterCancel == ["connect", "connect", "disconnect"])
        #expect(upstream.connections == ["connect", "connect", "disconnect"])
    }
}

/// Runs `onSubscription` when it receives its subscription, and keeps the subscription.
private final class ReentrantSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    let onSubscription: () -> Void
    var subscription: Subscription?

    init(onSubscription: @escaping () -> Void) { self.onSubscription = onSubscription }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        onSubscription()
    }

    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Never>) {}
}
