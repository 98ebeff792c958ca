import CombineCompat
import Testing

@Suite struct CountTests {
    @Test func publishesTheNumberOfElementsOnFinish() {
        // Given
        let harness = OperatorHarness(String.self, Never.self, initialDemand: .max(1)) { $0.count() }
        // When
        harness.send("a", "b", "c")
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(3)", "finished"]
                )
        )
    }

    @Test func cancellingBeforeTheEndCancelsUpstreamAndPublishesNothing() {
        // Given
        let harness = OperatorHarness(String.self, OperatorError.self) { $0.count() }
        harness.send("a")
        // When
        harness.downstream.cancel()
        harness.send("b")
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)"],
                    downstream: ["subscription"]
                )
        )
    }
}
