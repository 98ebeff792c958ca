import CombineCompat
import Testing

struct FutureTests {
    enum TestError: Error { case boom }

    @Test func deliversTheResultOnceKnownAndDemanded() {
        // Given a future fulfilled later, and a subscriber without demand
        var fulfil: ((Result<Int, TestError>) -> Void)?
        let future = Future<Int, TestError> { promise in fulfil = promise }
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: nil)
        future.subscribe(subscriber)
        // When the promise is fulfilled twice, then demand arrives
        fulfil?(.success(1))
        fulfil?(.success(2))
        let beforeDemand = subscriber.history
        subscriber.request(.max(1))
        // Then the first result is delivered at the demand
        #expect(beforeDemand == ["subscription"])
        #expect(subscriber.history == ["subscription", "value(1)", "finished"])
    }

    @Test func replaysTheResultToLateSubscribers() {
        var runs = 0
        let future = Future<String, Never> { promise in
            runs += 1
            promise(.success("done"))
        }
        let first = TestSubscriber<String, Never>()
        let second = TestSubscriber<String, Never>()
        future.subscribe(first)
        future.subscribe(second)
        #expect(runs == 1)
        #expect(
            [first.history, second.history] == [
                ["subscription", "value(done)", "finished"],
                ["subscription", "value(done)", "finished"],
            ])
    }

    @Test func failureNeedsNoDemand() {
        var fulfil: ((Result<Int, TestError>) -> Void)?
        let future = Future<Int, TestError> { promise in fulfil = promise }
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: nil)
        future.subscribe(subscriber)
        fulfil?(.failure(.boom))
        #expect(subscriber.history == ["subscription", "failure(boom)"])
    }

    @Test func cancelledSubscriberReceivesNothing() {
        var fulfil: ((Result<Int, Never>) -> Void)?
        let future = Future<Int, Never> { promise in fulfil = promise }
        let subscriber = TestSubscriber<Int, Never>()
        future.subscribe(subscriber)
        subscriber.cancel()
        fulfil?(.success(1))
        #expect(subscriber.history == ["subscription"])
    }

    @Test func extensionsCanAddConvenienceInitialisers() {
        let future = Future<Int, Never>(immediately: 7)
        let subscriber = TestSubscriber<Int, Never>()
        future.subscribe(subscriber)
        #expect(subscriber.history == ["subscription", "value(7)", "finished"])
    }
}

extension Future where Failure == Never {
    convenience init(immediately value: Output) {
        self.init { promise in promise(.success(value)) }
    }
}
