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

    // A passthrough subject asks its upstreams for values only once one of its own subscribers has asked for some,
    // and from then on asks every later upstream at once; a current-value subject asks at once (the OpenCombine
    // suite, whose compatibility mode runs against Apple's Combine: PassthroughSubjectTests.testSendSubscription and
    // CurrentValueSubjectTests.testSendSubscription).
    @Test func aFinitePublisherWaitsForTheSubjectsFirstSubscriber() {
        // Given a sequence subscribed to a subject that has no subscriber yet
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = [1, 2, 3].publisher.subscribe(subject)
        // When a sink attaches later
        var received: [String] = []
        let sink = subject.sink(
            receiveCompletion: { received.append("\($0)") }, receiveValue: { received.append("\($0)") })
        // Then it receives every value: the sequence waited for the sink's demand
        #expect(received == ["1", "2", "3", "finished"])
        sink.cancel()
        cancellable.cancel()
    }

    @Test func aPassthroughSubjectAsksItsUpstreamsAtItsFirstSubscribersFirstRequest() {
        // Given a subject fed by one upstream, with a subscriber that has not asked for anything yet
        let early = TestPublisher<Int, Never>()
        let late = TestPublisher<Int, Never>()
        let subject = PassthroughSubject<Int, Never>()
        let connections = [early.subscribe(subject)]
        let first = TestSubscriber<Int, Never>(initialDemand: nil)
        subject.subscribe(first)
        let beforeDemand = early.history
        // When the subscriber asks for one value, a second subscriber asks too, and a second upstream arrives
        first.request(.max(1))
        subject.subscribe(TestSubscriber<Int, Never>(initialDemand: .max(2)))
        let withLate = connections + [late.subscribe(subject)]
        // Then each upstream was asked for everything once: the early one at the first request, the late one at once
        #expect(
            [beforeDemand, early.history, late.history]
                == [["subscribe"], ["subscribe", "request(unlimited)"], ["subscribe", "request(unlimited)"]]
        )
        withLate.forEach { $0.cancel() }
    }

    @Test func aCurrentValueSubjectAsksItsUpstreamAtOnce() {
        let upstream = TestPublisher<Int, Never>()
        let subject = CurrentValueSubject<Int, Never>(0)
        let cancellable = upstream.subscribe(subject)
        #expect(upstream.history == ["subscribe", "request(unlimited)"])
        cancellable.cancel()
    }
}
