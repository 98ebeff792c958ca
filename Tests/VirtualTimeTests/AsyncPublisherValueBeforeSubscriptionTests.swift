import CombineCompat
import Foundation
import Testing
import VirtualTime

/// An upstream that keeps its subscriber and sends it a subscription only when told.
private final class LateSubscriptionPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    private let lock = NSLock()
    private var subscriber: AnySubscriber<Int, Never>?
    private(set) var requests: [String] = []

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        lock.withLock { self.subscriber = AnySubscriber(subscriber) }
    }

    func send(_ value: Int) { _ = lock.withLock { subscriber }?.receive(value) }

    func sendSubscription() {
        lock.withLock { subscriber }?.receive(subscription: Recorder(owner: self))
    }

    private func record(_ entry: String) { lock.withLock { requests.append(entry) } }

    private final class Recorder: Subscription, @unchecked Sendable {
        weak var owner: LateSubscriptionPublisher?
        init(owner: LateSubscriptionPublisher) { self.owner = owner }
        func request(_ demand: Subscribers.Demand) { owner?.record("request(\(demand))") }
        func cancel() { owner?.record("cancel") }
    }
}

/// Hands copies of one iterator to several tasks (copies share their subscription).
private final class IteratorBox: @unchecked Sendable {
    let value: AsyncPublisher<LateSubscriptionPublisher>.Iterator
    init(_ value: AsyncPublisher<LateSubscriptionPublisher>.Iterator) { self.value = value }
}

/// `values` when an upstream sends a value before its subscription: the waiting calls end (they return `nil`)
/// instead of waiting for ever, and the demand they made is still asked of the subscription when it arrives.
/// Evidence: the OpenCombine suite, whose compatibility mode runs against Apple's Combine
/// (PublisherConcurrencyTests.testNonThrowingReceiveInputBeforeSubscription). The tasks run on the scenario's
/// deterministic executor, so each waits in `next()` before the value is sent, without sleeping.
@Suite struct AsyncPublisherValueBeforeSubscriptionTests {
    @Test func aValueBeforeTheSubscriptionEndsTheWaitingCalls() throws {
        // Given two tasks waiting on one iterator whose upstream has not sent its subscription
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let upstream = LateSubscriptionPublisher()
        try timeline.runScenario {
            let iterator = IteratorBox(upstream.values.makeAsyncIterator())
            for name in ["first", "second"] {
                Task {
                    var copy = iterator.value
                    let value = await copy.next()
                    log.add("\(name) got \(value.map(String.init) ?? "nil")")
                }
            }
            try timeline.settle()
            log.add("both wait")
            // When the upstream sends a value, then its subscription
            upstream.send(42)
            try timeline.settle()
            upstream.sendSubscription()
            withExtendedLifetime(iterator) {}
        }
        // Then both calls ended, and the subscription was asked for both their values (and cancelled once the
        // iterator was gone)
        #expect(log.lines == ["0.000s both wait", "0.000s first got nil", "0.000s second got nil"])
        #expect(upstream.requests == ["request(max(2))", "cancel"])
    }
}
