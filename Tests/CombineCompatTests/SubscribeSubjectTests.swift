import CombineCompat
import Testing

struct SubscribeSubjectTests {
    enum TestError: Error { case boom }

    @Test func republishesValuesAndCompletionThroughTheSubject() {
        // Given a subject fed by an upstream, as in `result.subscribe(output.route)`
        let upstream = TestPublisher<Int, TestError>()
        let route = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        route.subscribe(subscriber)
        let cancellable = upstream.subscribe(route)
        // When
        upstream.send(1)
        upstream.send(completion: .failure(.boom))
        // Then
        #expect(upstream.history == ["subscribe", "request(unlimited)"])
        #expect(subscriber.history == ["subscription", "value(1)", "failure(boom)"])
        cancellable.cancel()
    }

    @Test func cancellingStopsForwardingAndCancelsUpstream() {
        let upstream = TestPublisher<Int, Never>()
        let subject = CurrentValueSubject<Int, Never>(0)
        let cancellable = upstream.subscribe(subject)
        upstream.send(1)
        cancellable.cancel()
        upstream.send(2)
        #expect(subject.value == 1)
        #expect(upstream.history == ["subscribe", "request(unlimited)", "cancel"])
    }

    @Test func aFinitePublisherFillsTheSubject() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        let cancellable = [1, 2, 3].publisher.subscribe(subject)
        #expect(subscriber.history == ["subscription", "value(1)", "value(2)", "value(3)", "finished"])
        cancellable.cancel()
    }
}
