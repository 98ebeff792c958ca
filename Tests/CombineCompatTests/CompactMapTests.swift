import CombineCompat
import Testing

@Suite struct CompactMapTests {
    @Test func droppedValuesAskUpstreamForOneMore() {
        // Given a downstream that wants exactly two values
        let harness = OperatorHarness(String.self, Never.self, initialDemand: .max(2)) { $0.compactMap { Int($0) } }
        // When
        harness.send("1", "x", "y", "2")
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(2))"],
                    returned: ["max(0)", "max(1)", "max(1)", "max(0)"],
                    downstream: ["subscription", "value(1)", "value(2)", "finished"]
                )
        )
    }

    @Test func tryCompactMapFailsWithTheThrownError() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) {
            $0.tryCompactMap { value -> Int? in
                if value < 0 { throw OperatorError("negative: \(value)") }
                return value == 0 ? nil : value
            }
        }
        // When
        harness.send(0, 3, -1, 4)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(1)", "max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(3)", "failure(negative: -1)"]
                )
        )
    }

    @Test func fusesWithCompactMapAndMap() {
        // Given
        let upstream = TestPublisher<String, Never>()
        let fused: Publishers.CompactMap<TestPublisher<String, Never>, String> =
            upstream
            .compactMap { Int($0) }
            .compactMap { $0 > 0 ? $0 : nil }
            .map { "n\($0)" }
        let subscriber = TestSubscriber<String, Never>()
        // When
        fused.subscribe(subscriber)
        upstream.send("5")
        upstream.send("-5")
        upstream.send("z")
        // Then
        #expect(subscriber.history == ["subscription", "value(n5)"])
    }
}
