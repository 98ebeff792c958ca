import CombineCompat
import Testing

/// Evidence: Apple's documentation of `replaceEmpty(with:)` and the OpenCombine suite, whose compatibility mode runs
/// against Apple's Combine (ReplaceEmptyTests.testDemand, testImmediateCompletion: upstream is asked for
/// `.unlimited` once the subscriber has its subscription, after what the subscriber asked for there;
/// testUpstreamCompletesEmptyBeforeDownstreamRequests: the replacement waits for demand).
@Suite struct ReplaceEmptyTests {
    @Test func emptyStreamPublishesTheReplacement() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self, initialDemand: .max(1)) { $0.replaceEmpty(with: 0) }
        // When
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(1))", "request(unlimited)"],
                    downstream: ["subscription", "value(0)", "finished"])
        )
    }

    @Test func nonEmptyStreamAndFailuresPassThrough() {
        // Given
        let nonEmpty = OperatorHarness(Int.self, OperatorError.self, demandPerValue: .max(1)) {
            $0.replaceEmpty(with: 0)
        }
        let failing = OperatorHarness(Int.self, OperatorError.self) { $0.replaceEmpty(with: 0) }
        // When
        nonEmpty.send(1)
        nonEmpty.send(completion: .finished)
        failing.send(completion: .failure(OperatorError("bad")))
        // Then
        #expect(
            [nonEmpty.history, failing.history]
                == [
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)", "request(unlimited)"],
                        returned: ["max(1)"],
                        downstream: ["subscription", "value(1)", "finished"]
                    ),
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)", "request(unlimited)"],
                        downstream: ["subscription", "failure(bad)"]),
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
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)"],
                        downstream: ["subscription", "value(42)", "finished"])
                )
        )
    }
}
