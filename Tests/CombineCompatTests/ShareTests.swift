import CombineCompat
import Testing

/// Evidence: Apple's documentation of `Publishers.Share` (a multicast over a `PassthroughSubject` with an implicit
/// `autoconnect()`), and the OpenCombine suite, whose compatibility mode runs against Apple's Combine (ShareTests:
/// testBasicBehavior, testLateSubscriber; AutoconnectTests: the connection ends at the last cancel only).
struct ShareTests {
    enum TestError: Error { case boom }

    @Test func subscribesUpstreamOnceForAllSubscribers() {
        // Given a deferred upstream that counts its subscriptions
        var subscriptions = 0
        let subject = PassthroughSubject<Int, TestError>()
        let shared = Deferred { () -> PassthroughSubject<Int, TestError> in
            subscriptions += 1
            return subject
        }.share()
        let first = TestSubscriber<Int, TestError>()
        let second = TestSubscriber<Int, TestError>()
        // When
        shared.subscribe(first)
        subject.send(1)
        shared.subscribe(second)
        subject.send(2)
        subject.send(completion: .failure(.boom))
        // Then
        #expect(subscriptions == 1)
        #expect(
            [first.history, second.history] == [
                ["subscription", "value(1)", "value(2)", "failure(boom)"],
                ["subscription", "value(2)", "failure(boom)"],
            ])
    }

    @Test func isAClassWithIdentity() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.share()
        let alias = shared
        #expect(shared == alias)
        #expect(shared != subject.share())
    }

    @Test func lateSubscriberAfterCompletionReceivesTheCompletion() {
        let shared = Just(1).share()
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        shared.subscribe(first)
        shared.subscribe(second)
        #expect(
            [first.history, second.history] == [
                ["subscription", "value(1)", "finished"],
                ["subscription", "finished"],
            ])
    }

    @Test func aSubscriberAfterTheUpstreamCompletedGetsTheCompletionWithoutASecondUpstreamSubscription() {
        // Given a shared repository call that counts how often it is made, completed for its first subscriber
        var calls = 0
        let shared = Deferred { () -> Just<Int> in
            calls += 1
            return Just(42)
        }.share()
        let first = TestSubscriber<Int, Never>()
        shared.subscribe(first)
        // When a second subscriber comes after the completion (the way a ViewModel binds a second output later)
        let second = TestSubscriber<Int, Never>()
        shared.subscribe(second)
        let third = TestSubscriber<Int, Never>(initialDemand: nil)
        shared.subscribe(third)
        // Then the upstream was subscribed once; the late subscribers get only the completion, demand or not
        #expect(calls == 1)
        #expect(
            [first.history, second.history, third.history] == [
                ["subscription", "value(42)", "finished"],
                ["subscription", "finished"],
                ["subscription", "finished"],
            ])
        #expect(third.subscription.map { String(describing: $0) } == "Multicast")
    }

    @Test func aLateSubscriberAsksTheUpstreamForNothingMore() {
        // Given a share whose upstream was asked for everything by the first subscriber (testLateSubscriber)
        let upstream = TestPublisher<Int, Never>()
        let shared = upstream.share()
        let early = TestSubscriber<Int, Never>(initialDemand: .max(3))
        shared.subscribe(early)
        upstream.send(1)
        upstream.send(2)
        upstream.send(3)
        upstream.send(4)
        // When a late subscriber asks for two values, and the upstream finishes
        let late = TestSubscriber<Int, Never>(initialDemand: .max(2))
        shared.subscribe(late)
        upstream.send(5)
        upstream.send(6)
        upstream.send(7)
        upstream.send(completion: .finished)
        let latest = TestSubscriber<Int, Never>(initialDemand: nil)
        shared.subscribe(latest)
        // Then
        #expect(upstream.history == ["subscribe", "request(unlimited)"])
        #expect(
            [early.history, late.history, latest.history] == [
                ["subscription", "value(1)", "value(2)", "value(3)", "finished"],
                ["subscription", "value(5)", "value(6)", "finished"],
                ["subscription", "finished"],
            ])
    }

    @Test func everySubscriberCancellingEndsTheUpstreamSubscriptionAndTheNextSubscribesAgain() {
        // Given a shared upstream with one subscriber
        let upstream = TestPublisher<Int, Never>()
        let shared = upstream.share()
        let first = TestSubscriber<Int, Never>()
        shared.subscribe(first)
        // When it cancels, cancels again, and a new subscriber comes
        first.cancel()
        first.cancel()
        let second = TestSubscriber<Int, Never>()
        shared.subscribe(second)
        upstream.send(1)
        // Then the upstream subscription was cancelled once, and a new one made for the new subscriber
        #expect(upstream.history == ["subscribe", "request(unlimited)", "cancel", "subscribe", "request(unlimited)"])
        #expect([first.history, second.history] == [["subscription"], ["subscription", "value(1)"]])
    }
}
