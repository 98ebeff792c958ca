import CombineCompat
import Testing

@Suite struct ZipTests {
    @Test func pairsTheNthValuesAndFinishesWhenAFinishedUpstreamIsExhausted() {
        // Given
        let numbers = TestPublisher<Int, Never>(), letters = TestPublisher<String, Never>()
        let subscriber = TestSubscriber<String, Never>()
        numbers.zip(letters).subscribe(TupleRecorder(subscriber))
        // When
        numbers.send(1)
        numbers.send(2)
        numbers.send(completion: .finished)
        letters.send("A")
        let beforeLast = subscriber.history
        letters.send("B")
        letters.send("C")
        // Then
        #expect(beforeLast == ["subscription", "value(1 A)"])
        #expect(
            subscriber.history + numbers.history + letters.history == [
                "subscription", "value(1 A)", "value(2 B)", "finished",
                "subscribe", "request(unlimited)", "subscribe", "request(unlimited)", "cancel",
            ])
    }

    @Test func queuesTuplesBeyondDemandAndTransformsThreeAndFourUpstreams() {
        // Given
        let a = TestPublisher<Int, Never>(), b = TestPublisher<Int, Never>(), c = TestPublisher<Int, Never>()
        let d = TestPublisher<Int, Never>()
        let three = TestSubscriber<Int, Never>(initialDemand: .max(1))
        let four = TestSubscriber<Int, Never>()
        a.zip(b, c) { $0 + $1 + $2 }.subscribe(three)
        a.zip(b, c, d) { $0 * 1000 + $1 * 100 + $2 * 10 + $3 }.subscribe(four)
        // When
        for value in 1...2 {
            for upstream in [a, b, c, d] { upstream.send(value) }
        }
        let beforeDemand = three.history
        three.request(.max(1))
        // Then
        #expect(beforeDemand == ["subscription", "value(3)"])
        #expect(
            three.history + four.history == [
                "subscription", "value(3)", "value(6)", "subscription", "value(1111)", "value(2222)",
            ])
    }

    @Test func failurePropagatesAtOnceAndCancelsEveryUpstream() {
        // Given
        let a = TestPublisher<Int, TestError>(), b = TestPublisher<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        a.zip(b) { $0 + $1 }.subscribe(subscriber)
        // When
        a.send(1)
        a.send(completion: .failure(TestError("boom")))
        b.send(2)
        // Then the failed upstream is cancelled too (ZipTests.testBCancelledAfterAFailed of the OpenCombine suite,
        // run against Apple's Combine)
        #expect(
            subscriber.history + a.history + b.history == [
                "subscription", "failure(boom)", "subscribe", "request(unlimited)", "cancel",
                "subscribe", "request(unlimited)", "cancel",
            ])
    }
}

extension ZipTests {
    @Test func zipsDemandRespectingSequencesLikeApplesCombine() {
        // Given three cold publishers of different lengths
        let subscriber = TestSubscriber<String, Never>()
        // When
        Publishers.Zip3(DemandPublisher([3, 4, 5]), DemandPublisher(["Hello", "World"]), DemandPublisher([0.2, 0.6]))
            .subscribe(
                AnySubscriber(
                    receiveSubscription: subscriber.receive(subscription:),
                    receiveValue: { subscriber.receive("\($0.0) \($0.1) \($0.2)") },
                    receiveCompletion: subscriber.receive(completion:)))
        // Then
        #expect(subscriber.history == ["subscription", "value(3 Hello 0.2)", "value(4 World 0.6)", "finished"])
    }
}
