import CombineCompat
import Testing

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
}
