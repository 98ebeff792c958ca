import CombineCompat
import Testing

@Suite struct ReplaceEmptyTests {
    @Test func emptyStreamPublishesTheReplacement() {
        // Given
        let harness = OperatorHarness(Int.self, TestError.self, initialDemand: .max(1)) { $0.replaceEmpty(with: 0) }
        // When
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == History(
                    upstream: ["subscribe", "request(max(1))"], downstream: ["subscription", "value(0)", "finished"])
        )
    }

    @Test func nonEmptyStreamAndFailuresPassThrough() {
        // Given
        let nonEmpty = OperatorHarness(Int.self, TestError.self, demandPerValue: .max(1)) { $0.replaceEmpty(with: 0) }
        let failing = OperatorHarness(Int.self, TestError.self) { $0.replaceEmpty(with: 0) }
        // When
        nonEmpty.send(1)
        nonEmpty.send(completion: .finished)
        failing.send(completion: .failure(TestError("bad")))
        // Then
        #expect(
            [nonEmpty.history, failing.history]
                == [
                    History(
                        upstream: ["subscribe", "request(unlimited)"],
                        returned: ["max(1)"],
                        downstream: ["subscription", "value(1)", "finished"]
                    ),
                    History(
                        upstream: ["subscribe", "request(unlimited)"], downstream: ["subscription", "failure(bad)"]),
                ]
        )
    }

    @Test func replacementWaitsForDemand() {
        // Given a downstream without demand
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: nil) { $0.replaceEmpty(with: 42) }
        harness.send(completion: .finished)
        let beforeRequest = harness.downstream.history
        // When
        harness.downstream.request(.max(1))
        // Then
        #expect(
            (beforeRequest, harness.history)
                == (
                    ["subscription"],
                    History(upstream: ["subscribe"], downstream: ["subscription", "value(42)", "finished"])
                )
        )
    }
}
