import CombineCompat
import Testing

@Suite struct MapKeyPathTests {
    struct Roll {
        let first: Int
        let second: Int
        let label: String
    }

    @Test func publishesOneKeyPath() {
        // Given
        let harness = OperatorHarness(Roll.self, Never.self, initialDemand: .max(1), demandPerValue: .max(1)) {
            $0.map(\.label)
        }
        // When
        harness.send(Roll(first: 1, second: 6, label: "a"), Roll(first: 2, second: 3, label: "b"))
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(1))"],
                    returned: ["max(1)", "max(1)"],
                    downstream: ["subscription", "value(a)", "value(b)", "finished"]
                )
        )
    }

    @Test func publishesTwoAndThreeKeyPathsAsTuples() {
        // Given
        let pairs = OperatorHarness(Roll.self, Never.self) { $0.map(\.first, \.second) }
        let triples = OperatorHarness(Roll.self, Never.self) { $0.map(\.first, \.second, \.label) }
        // When
        pairs.send(Roll(first: 1, second: 6, label: "x"))
        triples.send(Roll(first: 4, second: 5, label: "y"))
        // Then
        #expect(
            [pairs.history, triples.history]
                == [
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)"],
                        returned: ["max(0)"],
                        downstream: ["subscription", "value((1, 6))"]
                    ),
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)"],
                        returned: ["max(0)"],
                        downstream: ["subscription", "value((4, 5, \"y\"))"]
                    ),
                ]
        )
    }
}
