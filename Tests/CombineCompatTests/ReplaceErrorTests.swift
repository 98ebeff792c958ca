import CombineCompat
import Testing

@Suite struct ReplaceErrorTests {
    @Test func failureBecomesTheReplacementThenFinished() {
        // Given
        let harness = OperatorHarness(String.self, OperatorError.self, initialDemand: .max(2)) {
            $0.replaceError(with: "(replacement)")
        }
        // When
        harness.send("a")
        harness.send(completion: .failure(OperatorError("lost connection")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(2))"],
                    returned: ["max(0)"],
                    downstream: ["subscription", "value(a)", "value((replacement))", "finished"]
                )
        )
    }

    @Test func replacementWaitsUntilTheDownstreamHasDemandAgain() {
        // Given a downstream whose one requested value was already delivered
        let harness = OperatorHarness(String.self, OperatorError.self, initialDemand: .max(1)) {
            $0.replaceError(with: "fallback")
        }
        harness.send("a")
        harness.send(completion: .failure(OperatorError("gone")))
        let beforeRequest = harness.downstream.history
        // When
        harness.downstream.request(.max(1))
        // Then
        #expect(
            (beforeRequest, harness.history)
                == (
                    ["subscription", "value(a)"],
                    OperatorHistory(
                        upstream: ["subscribe", "request(max(1))"],
                        returned: ["max(0)"],
                        downstream: ["subscription", "value(a)", "value(fallback)", "finished"]
                    )
                )
        )
    }

    @Test func finishingNormallyPublishesNoReplacement() {
        // Given
        let harness = OperatorHarness(String.self, OperatorError.self) { $0.replaceError(with: "fallback") }
        // When
        harness.send(completion: .finished)
        harness.send(completion: .failure(OperatorError("too late")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"], downstream: ["subscription", "finished"])
        )
    }
}
