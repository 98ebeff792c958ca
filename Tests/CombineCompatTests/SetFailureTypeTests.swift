import CombineCompat
import Testing

@Suite struct SetFailureTypeTests {
    @Test func republishesValuesAndCompletionUnderTheNewFailureType() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(2)) {
            $0.setFailureType(to: OperatorError.self)
        }
        // When
        harness.send(1, 2)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(2))"],
                    returned: ["max(0)", "max(0)"],
                    downstream: ["subscription", "value(1)", "value(2)", "finished"]
                )
        )
    }

    @Test func settingTheFailureTypeTwiceKeepsOneLayer() {
        // Given
        let upstream = TestPublisher<Int, Never>()
        // When
        let twice: Publishers.SetFailureType<TestPublisher<Int, Never>, Error> =
            upstream
            .setFailureType(to: OperatorError.self)
            .setFailureType(to: Error.self)
        let subscriber = TestSubscriber<Int, Error>()
        twice.subscribe(subscriber)
        upstream.send(3)
        // Then
        #expect(subscriber.history == ["subscription", "value(3)"])
    }
}
