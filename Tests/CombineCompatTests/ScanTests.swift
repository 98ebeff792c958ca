import CombineCompat
import Testing

@Suite struct ScanTests {
    @Test func publishesEveryPartialResult() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self, initialDemand: .max(2), demandPerValue: .max(1)) {
            $0.scan(0, +)
        }
        // When
        harness.send(1, 2, 3)
        harness.send(completion: .failure(OperatorError("stop")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(2))"],
                    returned: ["max(1)", "max(1)", "max(1)"],
                    downstream: ["subscription", "value(1)", "value(3)", "value(6)", "failure(stop)"]
                )
        )
    }

    @Test func everySubscriptionStartsFromTheInitialResult() {
        // Given
        let upstream = TestPublisher<String, Never>()
        let scanned = upstream.scan("") { $0 + $1 }
        let first = TestSubscriber<String, Never>()
        scanned.subscribe(first)
        upstream.send("a")
        // When
        let second = TestSubscriber<String, Never>()
        scanned.subscribe(second)
        upstream.send("b")
        // Then
        #expect(
            [first.history, second.history] == [
                ["subscription", "value(a)", "value(ab)"], ["subscription", "value(b)"],
            ])
    }

    @Test func tryScanFailsWithTheThrownError() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) {
            $0.tryScan(1) { product, value in
                guard value != 0 else { throw OperatorError("multiplying by zero") }
                return product * value
            }
        }
        // When
        harness.send(2, 3, 0, 4)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(2)", "value(6)", "failure(multiplying by zero)"]
                )
        )
    }
}
