import CombineCompat
import Testing

@Suite struct IgnoreOutputTests {
    @Test func passesOnlyTheCompletion() {
        // Given
        let finishing = OperatorHarness(Int.self, OperatorError.self, initialDemand: .max(1)) { $0.ignoreOutput() }
        let failing = OperatorHarness(Int.self, OperatorError.self, initialDemand: nil) { $0.ignoreOutput() }
        // When
        finishing.send(1, 2)
        finishing.send(completion: .finished)
        failing.send(completion: .failure(OperatorError("nope")))
        // Then both complete even without demand, because no value is published. As in Combine, the downstream
        // holds the upstream's own subscription (its request reaches upstream first), and `.unlimited` is asked
        // for after it (the OpenCombine compatibility suite: IgnoreOutputTests.testDemand).
        #expect(
            [finishing.history, failing.history]
                == [
                    OperatorHistory(
                        upstream: ["subscribe", "request(max(1))", "request(unlimited)"],
                        returned: ["max(0)", "max(0)"],
                        downstream: ["subscription", "finished"]
                    ),
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)"], downstream: ["subscription", "failure(nope)"]),
                ]
        )
    }
}
