import CombineCompat
import Foundation
import Testing

struct CurrentValueSubjectTests {
    enum TestError: Error { case boom }

    @Test func deliversTheCurrentValueThenLaterOnes() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subject.send(1)
        subject.value = 2
        subject.send(completion: .finished)
        #expect(subscriber.history == ["subscription", "value(0)", "value(1)", "value(2)", "finished"])
    }

    @Test func valueReadsTheLatestSend() {
        let subject = CurrentValueSubject<String, Never>("a")
        subject.send("b")
        let afterSend = subject.value
        subject.value = "c"
        #expect([afterSend, subject.value] == ["b", "c"])
    }

    @Test func currentValueWaitsForTheFirstDemand() {
        // Given a subscriber without demand
        let subject = CurrentValueSubject<Int, Never>(5)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: nil)
        subject.subscribe(subscriber)
        let beforeDemand = subscriber.history
        // When it asks for one value
        subscriber.request(.max(1))
        // Then it receives the current value only then
        #expect(beforeDemand == ["subscription"])
        #expect(subscriber.history == ["subscription", "value(5)"])
    }

    @Test func latestValueIsDeliveredAtTheNextDemandAfterDropping() {
        // Given a subscriber with demand for one value
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        subject.subscribe(subscriber)
        // When values arrive without demand, then demand arrives
        subject.send(1)
        subject.send(2)
        subscriber.request(.max(2))
        subject.send(3)
        subject.send(4)
        // Then the latest dropped value comes at the request, and later ones while demand lasts
        #expect(subscriber.history == ["subscription", "value(0)", "value(2)", "value(3)"])
    }

    @Test func lateSubscriberReceivesOnlyTheCompletion() {
        let subject = CurrentValueSubject<Int, TestError>(1)
        subject.send(completion: .failure(.boom))
        subject.send(2)
        let subscriber = TestSubscriber<Int, TestError>()
        subject.subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "failure(boom)"])
    }

    @Test func afterCompletionValueWritesStoreAndSendsDoNot() {
        // Given a finished subject with a subscriber (the OpenCombine suite, whose compatibility mode runs against
        // Apple's Combine: CurrentValueSubjectTests.testChangeValueAfterCompletion expects `value = 42` to be read
        // back as 42, testSendValueAfterCompletion expects `send(42)` to leave the value alone)
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subject.send(completion: .finished)
        // When
        subject.value = 2
        let afterWrite = subject.value
        subject.send(3)
        // Then the write is kept, the send is not, and nobody receives either
        #expect(
            [afterWrite, subject.value] == [2, 2] && subscriber.history == ["subscription", "value(1)", "finished"])
    }

    @Test func cancellationStopsDelivery() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subject.send(2)
        subject.send(completion: .finished)
        #expect(subscriber.history == ["subscription", "value(0)", "value(1)"])
    }

    @Test func sendFromInsideASinkIsDeliveredNested() {
        let subject = CurrentValueSubject<Int, Never>(0)
        var received: [Int] = []
        let cancellable = subject.sink { value in
            received.append(value)
            if value == 1 { subject.value = 2 }
        }
        subject.send(1)
        #expect(received == [0, 1, 2])
        cancellable.cancel()
    }

    @Test func optionalNilIsAValue() {
        let subject = CurrentValueSubject<Int?, Never>(nil)
        let subscriber = TestSubscriber<Int?, Never>()
        subject.subscribe(subscriber)
        subject.send(1)
        #expect(subscriber.history == ["subscription", "value(nil)", "value(Optional(1))"])
    }

    @Test func concurrentSendsToTenSubscribersLoseAndDuplicateNothing() {
        // Given ten subscribers
        let subject = CurrentValueSubject<Int, Never>(-1)
        let subscribers = (0..<10).map { _ in TestSubscriber<Int, Never>() }
        subscribers.forEach { subject.subscribe($0) }
        // When 8 threads send 10,000 distinct values each
        let shared = Shared(subject)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<10_000 { shared.value.send(thread * 10_000 + index) }
        }
        // Then each subscriber has the initial value and every sent value exactly once
        let expected = Array(-1..<80_000)
        #expect(subscribers.map { $0.values.sorted() == expected } == Array(repeating: true, count: 10))
    }
}
