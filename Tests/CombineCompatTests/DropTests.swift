import CombineCompat
import Testing

@Suite struct DropTests {
    @Test func omitsTheFirstElementsWithoutLosingDemand() {
        // Given a downstream that asked for two values
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(2)) { $0.dropFirst(2) }
        // When
        harness.send(1, 2, 3, 4)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(2))"],
                    returned: ["max(1)", "max(1)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(3)", "value(4)", "finished"]
                )
        )
    }

    @Test func dropFirstAfterDropFirstAddsTheCounts() {
        // Given
        let upstream = TestPublisher<Int, Never>()
        let fused: Publishers.Drop<TestPublisher<Int, Never>> = upstream.dropFirst().dropFirst(2)
        let subscriber = TestSubscriber<Int, Never>()
        // When
        fused.subscribe(subscriber)
        for value in 1...5 { upstream.send(value) }
        // Then
        #expect((fused.count, subscriber.history) == (3, ["subscription", "value(4)", "value(5)"]))
    }

    @Test func upstreamFailureEndsEvenWhileDropping() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.dropFirst(5) }
        // When
        harness.send(1)
        harness.send(completion: .failure(OperatorError("gone")))
        harness.send(2)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(1)", "max(0)"],
                    downstream: ["subscription", "failure(gone)"]
                )
        )
    }
}
