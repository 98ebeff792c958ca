import CombineCompat
import Testing

@Suite struct DropTests {
    // Combine asks for the omitted elements up front and an omitted element returns no demand (the OpenCombine
    // suite, whose compatibility mode runs against Apple's Combine, in DropTests.testDroppingTwoElements: a demand
    // of 42 reaches the upstream of `dropFirst(2)` as one request of 44).
    @Test func asksForTheOmittedElementsUpFrontWithTheDownstreamsDemand() {
        // Given a downstream that asked for two values
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(2)) { $0.dropFirst(2) }
        // When
        harness.send(1, 2, 3, 4)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(4))"],
                    returned: ["max(0)", "max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(3)", "value(4)", "finished"]
                )
        )
    }

    @Test func dropFirstAfterDropFirstAddsTheCounts() {
        // Given
        let upstream = TestPublisher<Int, Never>()
        let fused: Publishers.Drop<TestPublisher<Int, Never>> = upstream.dropFirst().dropFirst(2)
        let subscriber = TestSubscriber<Int, Never>()
        // When
        fused.subscribe(subscriber)
        for value in 1...5 { upstream.send(value) }
        // Then
        #expect((fused.count, subscriber.history) == (3, ["subscription", "value(4)", "value(5)"]))
    }

    @Test func upstreamFailureEndsEvenWhileDropping() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.dropFirst(5) }
        // When
        harness.send(1)
        harness.send(completion: .failure(OperatorError("gone")))
        harness.send(2)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)", "max(0)"],
                    downstream: ["subscription", "failure(gone)"]
                )
        )
    }

    @Test func theDropCountIsAskedForEvenWithoutDemandAndALateSubscriptionGetsEverythingGathered() {
        // Given a downstream that has asked for nothing yet, and an upstream whose subscription comes late
        let upstream = LateSubscriptionPublisher()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        upstream.dropFirst(3).subscribe(subscriber)
        let beforeUpstream = subscriber.history
        // When the downstream asks for ten, then the upstream subscription arrives
        subscriber.request(.max(10))
        upstream.sendSubscription()
        // Then the downstream had its subscription first, and the upstream is asked for 10 + 3 at once
        #expect([beforeUpstream, upstream.history] == [["subscription"], ["request(max(13))"]])
    }
}

/// An upstream that hands over its subscription only when told to, recording what reaches it.
private final class LateSubscriptionPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never
    private(set) var history: [String] = []
    private var subscriber: AnySubscriber<Int, Never>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        self.subscriber = AnySubscriber(subscriber)
    }

    func sendSubscription() { subscriber?.receive(subscription: Recording(owner: self)) }

    private final class Recording: Subscription, @unchecked Sendable {
        let owner: LateSubscriptionPublisher
        init(owner: LateSubscriptionPublisher) { self.owner = owner }
        func request(_ demand: Subscribers.Demand) { owner.history.append("request(\(demand))") }
        func cancel() { owner.history.append("cancel") }
    }
}
