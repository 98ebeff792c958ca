import CombineCompat
import Foundation
import Synchronization
import Testing

struct PassthroughSubjectTests {
    enum TestError: Error, Equatable { case boom }

    @Test func deliversValuesThenCompletionAndNothingAfter() {
        // Given
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        subject.subscribe(subscriber)
        // When
        subject.send(1)
        subject.send(2)
        subject.send(completion: .failure(.boom))
        subject.send(3)
        subject.send(completion: .finished)
        // Then
        #expect(subscriber.history == ["subscription", "value(1)", "value(2)", "failure(boom)"])
    }

    @Test func dropsValuesWhileTheSubscriberHasNoDemand() {
        // Given a subscriber that asks for one value, then one more per value received
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        subject.subscribe(subscriber)
        // When
        subject.send(1)
        subscriber.request(.max(2))
        subject.send(2)
        subject.send(3)
        subject.send(4)
        subscriber.request(.max(1))
        subject.send(5)
        // Then
        #expect(subscriber.history == ["subscription", "value(2)", "value(3)", "value(5)"])
    }

    @Test func demandReturnedFromReceiveIsAdded() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        subject.subscribe(subscriber)
        for value in 1...3 { subject.send(value) }
        #expect(subscriber.history == ["subscription", "value(1)", "value(2)", "value(3)"])
    }

    @Test func lateSubscriberReceivesTheCompletionAtOnce() {
        let subject = PassthroughSubject<Int, TestError>()
        subject.send(completion: .failure(.boom))
        let subscriber = TestSubscriber<Int, TestError>()
        subject.subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "failure(boom)"])
    }

    @Test func cancellationMidStreamRemovesTheSubscriber() {
        // Given two subscribers
        let subject = PassthroughSubject<Int, Never>()
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        subject.subscribe(first)
        subject.subscribe(second)
        // When the first cancels from inside its second value
        first.onValue = { if $0 == 2 { first.cancel() } }
        for value in 1...3 { subject.send(value) }
        subject.send(completion: .finished)
        // Then
        #expect(first.history == ["subscription", "value(1)", "value(2)"])
        #expect(second.history == ["subscription", "value(1)", "value(2)", "value(3)", "finished"])
    }

    @Test func sendFromInsideASubscriberIsDeliveredNested() {
        // Given a sink that sends 10 back into the subject when it sees 1
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.sink { value in
            received.append(value)
            if value == 1 { subject.send(10) }
            received.append(-value)
        }
        // When
        subject.send(1)
        subject.send(2)
        // Then the nested value arrives before the outer delivery returns
        #expect(received == [1, 10, -10, -1, 2, -2])
        cancellable.cancel()
    }

    @Test func sendSubscriptionRequestsUnlimitedFromUpstream() {
        let upstream = TestPublisher<Int, Never>()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        let connection = upstream.subscribe(subject)
        upstream.send(7)
        connection.cancel()
        #expect(upstream.history == ["subscribe", "request(unlimited)", "cancel"])
        #expect(subscriber.history == ["subscription", "value(7)"])
    }

    @Test func voidSubjectSendsWithoutArgument() {
        let subject = PassthroughSubject<Void, Never>()
        let subscriber = TestSubscriber<Void, Never>()
        subject.subscribe(subscriber)
        subject.send()
        #expect(subscriber.history == ["subscription", "value(())"])
    }

    @Test func concurrentSendsLoseAndDuplicateNothingAndNeverOverlap() {
        // Given two subscribers that count deliveries running at the same time
        let subject = PassthroughSubject<Int, Never>()
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        first.onValue = { _ in
            if inside.add(1, ordering: .relaxed).newValue > 1 { overlaps.add(1, ordering: .relaxed) }
            inside.subtract(1, ordering: .relaxed)
        }
        subject.subscribe(first)
        subject.subscribe(second)
        // When 8 threads send 10,000 distinct values each
        let shared = Shared(subject)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<10_000 { shared.value.send(thread * 10_000 + index) }
        }
        subject.send(completion: .finished)
        // Then every value arrives exactly once at each subscriber, one at a time, then the completion
        let expected = Array(0..<80_000)
        let observed = [first, second].map { ($0.values.sorted() == expected, $0.history.last ?? "") }
        #expect(observed.map(\.0) == [true, true] && observed.map(\.1) == ["finished", "finished"])
        #expect(overlaps.load(ordering: .relaxed) == 0)
    }

    @Test func concurrentSubscribeAndCancelKeepsDeliveringToTheStayingSubscriber() {
        let subject = PassthroughSubject<Int, Never>()
        let staying = TestSubscriber<Int, Never>()
        subject.subscribe(staying)
        let shared = Shared(subject)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<2_000 {
                if thread.isMultiple(of: 2) {
                    let cancellable = shared.value.sink { _ in }
                    cancellable.cancel()
                } else {
                    shared.value.send(thread * 2_000 + index)
                }
            }
        }
        let expected = (0..<2_000).map { 2_000 + $0 } + (0..<2_000).map { 6_000 + $0 }
        #expect(staying.values.sorted() == expected)
    }

    @Test func cancellingInAnyOrderLeavesTheOthersInSubscriptionOrder() {
        // Given 100 sinks on one subject, each recording its index
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellables = (0..<100).map { index in subject.sink { _ in received.append(index) } }
        // When every index that is not a multiple of 7 cancels, odd ones first, then even ones from the back
        for index in stride(from: 1, to: 100, by: 2) where !index.isMultiple(of: 7) { cancellables[index].cancel() }
        for index in stride(from: 98, through: 0, by: -2) where !index.isMultiple(of: 7) {
            cancellables[index].cancel()
        }
        subject.send(0)
        // Then the staying sinks receive the value once each, in the order they subscribed
        #expect(received == Array(stride(from: 0, to: 100, by: 7)))
        cancellables.forEach { $0.cancel() }
    }
}
