import CombineCompat
import Testing

@Suite struct OutputTests {
    @Test func prefixPublishesTheFirstElementsThenCancelsAndFinishesAtOnce() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(1), demandPerValue: .max(1)) {
            $0.prefix(2)
        }
        // When
        harness.send(1, 2, 3)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(1))", "cancel"],
                    returned: ["max(1)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(1)", "value(2)", "finished"]
                )
        )
    }

    @Test func outputAtPublishesOnlyThatIndex() {
        // Given
        let harness = OperatorHarness(String.self, Never.self, initialDemand: .max(1)) { $0.output(at: 2) }
        // When
        harness.send("a", "b", "c", "d")
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(1))", "cancel"],
                    returned: ["max(1)", "max(1)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(c)", "finished"]
                )
        )
    }

    @Test func outputInRangePublishesTheRange() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) { $0.output(in: 1...2) }
        // When
        harness.send(10, 11, 12, 13)
        // Then
        #expect(
            (harness.history, Publishers.Output(upstream: harness.upstream, range: 1..<3).range)
                == (
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)", "cancel"],
                        returned: ["max(1)", "max(0)", "max(0)", "max(0)"],
                        downstream: ["subscription", "value(11)", "value(12)", "finished"]
                    ),
                    1..<3
                )
        )
    }

    @Test func prefixZeroFinishesAtTheFirstElement() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) { $0.prefix(0) }
        // When
        harness.send(1, 2)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)"],
                    downstream: ["subscription", "finished"]
                )
        )
    }

    @Test func downstreamCancellingOnTheLastElementCancelsUpstreamOnce() {
        // Given a downstream that cancels when it receives an element
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.prefix(1) }
        harness.downstream.onValue = { [downstream = harness.downstream] _ in downstream.cancel() }
        // When
        harness.send(1)
        harness.send(completion: .failure(OperatorError("late")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)"],
                    downstream: ["subscription", "value(1)", "finished"]
                )
        )
    }
}
