import CombineCompat
import Testing

struct SinkTests {
    enum TestError: Error { case boom }

    @Test func requestsUnlimitedAndRecordsValuesAndCompletion() {
        // Given
        let upstream = TestPublisher<Int, TestError>()
        var events: [String] = []
        let cancellable = upstream.sink(
            receiveCompletion: { events.append("completion(\($0))") },
            receiveValue: { events.append("value(\($0))") }
        )
        // When
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .failure(.boom))
        // Then
        #expect(upstream.history == ["subscribe", "request(unlimited)"])
        #expect(
            events == [
                "value(1)", "value(2)", "completion(failure(CombineCompatTests.SinkTests.TestError.boom))",
            ])
        cancellable.cancel()
    }

    @Test func exposesItsClosuresUntilItEnds() {
        // Given a sink built directly, as Combine allows
        var events: [String] = []
        let sink = Subscribers.Sink<Int, Never>(
            receiveCompletion: { _ in events.append("completion") }, receiveValue: { events.append("value \($0)") })

        // When its closures are called through the public properties, then after it is cancelled: first before it
        // has a subscription, then with one
        sink.receiveValue(1)
        sink.receiveCompletion(.finished)
        sink.cancel()
        sink.receiveValue(2)
        sink.receive(subscription: LoggedSubscription())
        sink.cancel()
        sink.receiveValue(3)
        sink.receiveCompletion(.finished)

        // Then a cancel before the subscription changes nothing, as in Combine (the OpenCombine suite, run against
        // Apple's Combine: SinkTests.testDoesNotReleaseClosuresAfterCancellationNoSubscription); the cancel of a
        // subscribed sink releases the closures
        #expect(events == ["value 1", "completion", "value 2"])
    }

    @Test func cancelStopsValuesAndCancelsUpstreamOnce() {
        let upstream = TestPublisher<Int, Never>()
        var values: [Int] = []
        let cancellable = upstream.sink { values.append($0) }
        upstream.send(1)
        cancellable.cancel()
        cancellable.cancel()
        upstream.send(2)
        #expect(upstream.history == ["subscribe", "request(unlimited)", "cancel"])
        #expect(values == [1])
    }

    @Test func deinitOfTheCancellableCancels() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        var cancellable: AnyCancellable? = subject.sink { values.append($0) }
        subject.send(1)
        withExtendedLifetime(cancellable) {}
        cancellable = nil
        subject.send(2)
        #expect(values == [1])
    }

    @Test func releasesItsClosuresOnCancel() {
        // Given a sink whose closure holds the only reference to an object
        final class Token {}
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.sink { _ in withExtendedLifetime(token) {} }
        }
        let aliveBeforeCancel = weakToken != nil
        // When
        cancellable?.cancel()
        // Then the closure (and the token) is gone although the cancellable is still held
        #expect([aliveBeforeCancel, weakToken != nil] == [true, false])
        withExtendedLifetime(cancellable) {}
    }

    @Test func aSecondSubscriptionIsCancelled() {
        let first = TestPublisher<Int, Never>()
        let second = TestPublisher<Int, Never>()
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        first.subscribe(sink)
        second.subscribe(sink)
        #expect([first.history, second.history] == [["subscribe", "request(unlimited)"], ["subscribe", "cancel"]])
        sink.cancel()
    }
}
