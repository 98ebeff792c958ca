import CombineCompat
import Testing

@Suite struct FirstTests {
    @Test func firstRequestsUnlimitedThenCancelsAtTheFirstElement() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(1)) { $0.first() }
        // When
        harness.send(7, 8)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)"],
                    downstream: ["subscription", "value(7)", "finished"]
                )
        )
    }

    @Test func firstOfAnEmptyStreamFinishesAtTheFirstRequest() {
        // Given (ReduceTests.testUpstreamFinishesImmediatelyWithoutDemand of the OpenCombine suite, run against
        // Apple's Combine: the finish waits for demand)
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: nil) { $0.first() }
        // When
        harness.send(completion: .finished)
        let beforeDemand = harness.downstream.history
        harness.downstream.request(.max(1))
        // Then
        #expect(beforeDemand == ["subscription"])
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"], downstream: ["subscription", "finished"])
        )
    }

    @Test func firstWhereWaitsForDemandBeforePublishing() {
        // Given a downstream that has not asked yet
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: nil) { $0.first { $0 > 1 } }
        harness.send(1, 2)
        let beforeRequest = harness.downstream.history
        // When
        harness.downstream.request(.max(1))
        // Then
        #expect(
            (beforeRequest, harness.history)
                == (
                    ["subscription"],
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)", "cancel"],
                        returned: ["max(0)", "max(0)"],
                        downstream: ["subscription", "value(2)", "finished"]
                    )
                )
        )
    }

    @Test func tryFirstFailsWithTheThrownError() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) {
            $0.tryFirst { value in
                guard value < 3 else { throw OperatorError("\(value) is too big") }
                return value > 5
            }
        }
        // When
        harness.send(1, 3, 6)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "failure(3 is too big)"]
                )
        )
    }

    @Test func upstreamFailureIsRepublishedAsError() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.tryFirst { $0 > 5 } }
        // When
        harness.send(1)
        harness.send(completion: .failure(OperatorError("lost")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)"],
                    downstream: ["subscription", "failure(lost)"]
                )
        )
    }
}
