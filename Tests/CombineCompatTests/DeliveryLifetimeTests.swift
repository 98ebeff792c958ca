import CombineCompat
import Foundation
import Synchronization
import Testing

/// A subscriber's closures stay alive while a delivery to them runs, and are released once nothing runs them any
/// more, whichever thread cancels or completes meanwhile.
///
/// Evidence: Apple documents that `cancel()` "frees up any allocated resources" (Cancellable.cancel()) and that a
/// subject's `send` delivers to its subscribers synchronously on the calling thread; a subscription may be
/// cancelled from any thread while a value is being delivered, and the closure then running must not be freed
/// under it. The threads here wait on each other with semaphores at fixed points, so the interleaving is the same
/// on every run.
@Suite struct DeliveryLifetimeTests {
    /// The attachments under test: a subject's own `sink`, a `Subscribers.Sink` behind an operator, a
    /// `Subscribers.Sink` subscribed to the subject directly, a subscriber that keeps its subscription after
    /// cancelling it (so only the subject's release of the subscriber breaks the cycle between the two), and a
    /// sink behind `handleEvents`, whose subscription has no delivery gate of its own.
    enum Attachment: String, CaseIterable, Sendable {
        case subjectSink, sinkBehindMap, sinkSubscribed, keepingSubscriber
        case sinkBehindHandleEvents

        func attach(_ subject: PassthroughSubject<Int, Never>, _ body: @escaping (Int) -> Void) -> AnyCancellable {
            switch self {
            case .subjectSink: return subject.sink(receiveValue: body)
            case .sinkBehindMap: return subject.map { $0 }.sink(receiveValue: body)
            case .sinkBehindHandleEvents: return subject.handleEvents().sink(receiveValue: body)
            case .sinkSubscribed:
                let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: body)
                subject.subscribe(sink)
                return AnyCancellable(sink)
            case .keepingSubscriber:
                let subscriber = KeepingSubscriber(body)
                subject.subscribe(subscriber)
                return AnyCancellable(subscriber)
            }
        }
    }

    /// Requests everything and keeps its subscription for good, as many hand-written subscribers do.
    final class KeepingSubscriber: Subscriber, Cancellable, @unchecked Sendable {
        typealias Input = Int
        typealias Failure = Never
        let body: (Int) -> Void
        /// Set once, before any value arrives.
        var subscription: Subscription?

        init(_ body: @escaping (Int) -> Void) { self.body = body }

        func receive(subscription: Subscription) {
            self.subscription = subscription
            subscription.request(.unlimited)
        }

        func receive(_ input: Int) -> Subscribers.Demand {
            body(input)
            return .none
        }

        func receive(completion: Subscribers.Completion<Never>) {}

        func cancel() { subscription?.cancel() }
    }

    final class Token: Sendable {}

    @Test(arguments: Attachment.allCases)
    func aCancelFromAnotherThreadKeepsTheRunningClosureAliveThenReleasesIt(_ attachment: Attachment) {
        // Given a closure that holds the only reference to a token and blocks inside its first delivery
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let sent = DispatchSemaphore(value: 0)
        let received = Atomic<Int>(0)
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = attachment.attach(subject) { _ in
                withExtendedLifetime(token) {
                    entered.signal()
                    proceed.wait()
                    received.add(1, ordering: .relaxed)
                }
            }
        }
        let shared = Shared(subject)
        let sender = Thread {
            shared.value.send(1)
            sent.signal()
        }
        sender.start()
        // When this thread cancels while the other one is inside the closure
        entered.wait()
        cancellable?.cancel()
        let aliveWhileRunning = weakToken != nil
        proceed.signal()
        sent.wait()
        subject.send(2)
        // Then the closure finished its delivery, was released when it returned, and received nothing more
        #expect(
            [aliveWhileRunning, weakToken == nil, received.load(ordering: .relaxed) == 1] == [true, true, true])
        withExtendedLifetime(cancellable) {}
    }

    @Test(arguments: Attachment.allCases)
    func aCancelFromInsideTheClosureReleasesItWhenItReturns(_ attachment: Attachment) {
        // Given a closure that cancels its own subscription, sends again, then still uses its captures
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var cancellable: AnyCancellable?
        var aliveAfterCancel = false
        do {
            let token = Token()
            weakToken = token
            cancellable = attachment.attach(subject) { value in
                received.append(value)
                cancellable?.cancel()
                subject.send(value + 1)
                withExtendedLifetime(token) { aliveAfterCancel = weakToken != nil }
            }
        }
        // When
        subject.send(1)
        subject.send(5)
        // Then the nested and later sends reach nothing, and the closure is released after its delivery
        #expect(received == [1])
        #expect([aliveAfterCancel, weakToken == nil] == [true, true])
    }

    @Test(arguments: Attachment.allCases)
    func aCancelRacingSendsFromThreeThreadsReleasesTheClosureAndStopsDeliveries(_ attachment: Attachment) {
        // Given a subscriber counting deliveries and the ones that overlap
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        let delivered = Atomic<Int>(0)
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = attachment.attach(subject) { _ in
                withExtendedLifetime(token) {
                    if inside.add(1, ordering: .relaxed).newValue > 1 { overlaps.add(1, ordering: .relaxed) }
                    delivered.add(1, ordering: .relaxed)
                    inside.subtract(1, ordering: .relaxed)
                }
            }
        }
        let cancelling = Shared(cancellable)
        let shared = Shared(subject)
        // When three threads send while a fourth sends a little, then cancels
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread == 0 {
                for value in 0..<200 { shared.value.send(value) }
                cancelling.value?.cancel()
            } else {
                for value in 0..<3_000 { shared.value.send(value) }
            }
        }
        let afterAll = delivered.load(ordering: .relaxed)
        subject.send(0)
        // Then deliveries never overlapped, at least the canceller's own arrived, none arrives after the cancel
        // and the threads returned, and the closure is released
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(afterAll >= 200 && afterAll <= 9_200 && delivered.load(ordering: .relaxed) == afterAll)
        #expect(weakToken == nil)
        withExtendedLifetime(cancellable) {}
    }
}
