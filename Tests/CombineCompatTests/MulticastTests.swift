import CombineCompat
import Testing

/// Evidence: the OpenCombine suite, whose compatibility mode runs against Apple's Combine (MulticastTests:
/// testInnerSubscriber, testInnerSubscription, testMulticastReceiveSubscriptionTwice,
/// testDeallocateConnectedMulticastBeforeCancelling).
struct MulticastTests {
    @Test func nothingFlowsUntilConnect() {
        // Given two subscribers of a multicast
        var subjectsCreated = 0
        let multicast = [1, 2].publisher.multicast { () -> PassthroughSubject<Int, Never> in
            subjectsCreated += 1
            return PassthroughSubject()
        }
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        multicast.subscribe(first)
        multicast.subscribe(second)
        let beforeConnect = first.history
        // When
        let connection = multicast.connect()
        // Then both received the values through one subject
        #expect(beforeConnect == ["subscription"])
        #expect(
            [first.history, second.history] == [
                ["subscription", "value(1)", "value(2)", "finished"],
                ["subscription", "value(1)", "value(2)", "finished"],
            ])
        #expect(subjectsCreated == 1)
        connection.cancel()
    }

    @Test func cancellingTheConnectionCancelsUpstream() {
        let upstream = TestPublisher<Int, Never>()
        let subject = PassthroughSubject<Int, Never>()
        let multicast = upstream.multicast(subject: subject)
        let subscriber = TestSubscriber<Int, Never>()
        multicast.subscribe(subscriber)
        let connection = multicast.connect()
        upstream.send(1)
        connection.cancel()
        upstream.send(2)
        #expect(upstream.history == ["subscribe", "request(unlimited)", "cancel"])
        #expect(subscriber.history == ["subscription", "value(1)"])
    }

    @Test func theDemandAValueReturnsIsAskedOfTheSubjectAtOnce() {
        // Given a multicast over a subject that hands out a recording subscription and keeps its subscriber
        let subject = StealingSubject()
        let multicast = PassthroughSubject<Int, Never>().multicast(subject: subject)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(42))
        subscriber.demandPerValue = { $0 < 0 ? .unlimited : .max($0) }
        let connection = multicast.connect()
        multicast.subscribe(subscriber)
        // When the subject delivers values straight to the multicast's subscriber, and extra subscriptions
        let inner = subject.subscriber
        let extra = RecordingSubscription { subject.record("extra \($0)") }
        inner?.receive(subscription: extra)
        let returned = [0, 0, 1, 2, -1, 3, -1, 0].map { inner?.receive($0) ?? .max(999) }
        inner?.receive(completion: .finished)
        inner?.receive(completion: .finished)
        let afterCompletion = inner?.receive(123)
        // Then every value returned none, its demand went to the subject's subscription, the extra subscription
        // was cancelled, and nothing passed the completion
        #expect(returned == Array(repeating: Subscribers.Demand.none, count: 8))
        #expect(afterCompletion == Subscribers.Demand.none)
        #expect(
            subject.history == [
                "request(max(42))", "extra cancel", "request(max(1))", "request(max(2))", "request(unlimited)",
                "request(max(3))", "request(unlimited)",
            ])
        #expect(
            subscriber.history == [
                "subscription", "value(0)", "value(0)", "value(1)", "value(2)", "value(-1)", "value(3)",
                "value(-1)", "value(0)", "finished",
            ])
        connection.cancel()
    }

    @Test func aCancelledSubscriptionPassesNothingOnAndCancelsTheSubjectsOnce() {
        // Given
        let subject = StealingSubject()
        let multicast = PassthroughSubject<Int, Never>().multicast(subject: subject)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        let connection = multicast.connect()
        multicast.subscribe(subscriber)
        // When the subscriber requests, cancels twice, requests again, and the subject still delivers
        subscriber.request(.max(42))
        subscriber.request(.unlimited)
        subscriber.cancel()
        subscriber.cancel()
        subscriber.request(.max(30))
        let returned = subject.subscriber?.receive(1000)
        subject.subscriber?.receive(completion: .finished)
        // Then
        #expect(subject.history == ["request(max(42))", "request(unlimited)", "cancel"])
        #expect(returned == Subscribers.Demand.none)
        #expect(subscriber.history == ["subscription"])
        connection.cancel()
    }

    @Test func aConnectedMulticastDoesNotKeepItsSubjectAlive() {
        // Given a connected multicast over a subject, the multicast itself already gone
        weak var released: PassthroughSubject<Int, Never>?
        let upstream = TestPublisher<Int, Never>()
        var connection: Cancellable?
        do {
            let subject = PassthroughSubject<Int, Never>()
            released = subject
            connection = upstream.multicast(subject: subject).connect()
        }
        // Then the subject went with its last owner, and cancelling the connection afterwards is harmless
        #expect(released == nil)
        connection?.cancel()
        #expect(upstream.history == ["subscribe", "cancel"])
    }
}

/// A subject that keeps its one subscriber, so a test can deliver to it directly, and hands it a recording
/// subscription.
private final class StealingSubject: Subject, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    private(set) var subscriber: AnySubscriber<Int, Never>?
    private(set) var history: [String] = []

    func record(_ entry: String) { history.append(entry) }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: RecordingSubscription { [weak self] in self?.record($0) })
    }

    func send(_ value: Int) {}
    func send(completion: Subscribers.Completion<Never>) {}
    func send(subscription: Subscription) {}
}
