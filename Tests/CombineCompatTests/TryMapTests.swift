import CombineCompat
import Testing

@Suite struct TryMapTests {
    @Test func throwingCancelsUpstreamAndFailsWithTheThrownError() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) {
            $0.tryMap { value -> Int in
                guard value != 0 else { throw OperatorError("division by zero") }
                return 10 / value
            }
        }
        // When
        harness.send(5, 0, 2)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(2)", "failure(division by zero)"]
                )
        )
    }

    @Test func upstreamFailureBecomesError() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self, initialDemand: .max(2)) { $0.tryMap { $0 + 1 } }
        // When
        harness.send(1)
        harness.send(completion: .failure(OperatorError("upstream broke")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(2))"],
                    returned: ["max(0)"],
                    downstream: ["subscription", "value(2)", "failure(upstream broke)"]
                )
        )
    }

    @Test func fusesWithMapInEitherOrder() {
        // Given
        let upstream = TestPublisher<Int, Never>()
        let fused: Publishers.TryMap<TestPublisher<Int, Never>, String> =
            upstream
            .map { $0 + 1 }
            .tryMap { $0 * 2 }
            .map { "\($0)" }
        let subscriber = TestSubscriber<String, Error>()
        // When
        fused.subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .finished)
        // Then
        #expect(subscriber.history == ["subscription", "value(4)", "finished"])
    }
}
