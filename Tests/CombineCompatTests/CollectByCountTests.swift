import CombineCompat
import Testing

@Suite struct CollectByCountTests {
    @Test func scalesDemandByTheCountAndPublishesFullArrays() {
        // Given a downstream that asks for one array, then one more per array
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(1), demandPerValue: .max(1)) {
            $0.collect(2)
        }
        // When
        harness.send(1, 2, 3, 4, 5)
        harness.send(completion: .finished)
        // Then the partial last array comes before finished
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(2))"],
                    returned: ["max(0)", "max(2)", "max(0)", "max(2)", "max(0)"],
                    downstream: ["subscription", "value([1, 2])", "value([3, 4])", "value([5])", "finished"]
                )
        )
    }

    @Test func failureDiscardsThePartialArray() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.collect(3) }
        // When
        harness.send(1, 2)
        harness.send(completion: .failure(OperatorError("cut")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)", "max(0)"],
                    downstream: ["subscription", "failure(cut)"]
                )
        )
    }

    @Test func laterRequestsAreScaledToo() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: nil) { $0.collect(3) }
        // When
        harness.downstream.request(.max(2))
        harness.send(completion: .finished)
        // Then an empty stream publishes no array
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(6))"], downstream: ["subscription", "finished"])
        )
    }
}
