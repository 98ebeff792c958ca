import CombineCompat
import Testing

@Suite struct RemoveDuplicatesTests {
    @Test func dropsConsecutiveRepeatsAndAsksForOneMoreEach() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(3)) { $0.removeDuplicates() }
        // When
        harness.send(0, 0, 1, 1, 1, 0)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(3))"],
                    returned: ["max(0)", "max(1)", "max(0)", "max(1)", "max(1)", "max(0)"],
                    downstream: ["subscription", "value(0)", "value(1)", "value(0)", "finished"]
                )
        )
    }

    @Test func comparesWithTheLastPublishedElementByPredicate() {
        // Given values whose tens digit decides equality
        let harness = OperatorHarness(Int.self, Never.self) { $0.removeDuplicates { $0 / 10 == $1 / 10 } }
        // When
        harness.send(11, 15, 19, 21, 35)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"],
                    returned: ["max(0)", "max(1)", "max(1)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(11)", "value(21)", "value(35)"]
                )
        )
    }

    @Test func tryRemoveDuplicatesFailsWithTheThrownError() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) {
            $0.tryRemoveDuplicates { previous, current in
                if previous == 4 && current == 4 { throw OperatorError("bad values 4, 4") }
                return previous == current
            }
        }
        // When
        harness.send(3, 3, 4, 4, 5)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(1)", "max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(3)", "value(4)", "failure(bad values 4, 4)"]
                )
        )
    }

    @Test func everySubscriptionStartsWithoutAPreviousElement() {
        // Given one publisher subscribed twice
        let upstream = TestPublisher<Int, Never>()
        let deduplicated = upstream.removeDuplicates()
        let first = TestSubscriber<Int, Never>()
        deduplicated.subscribe(first)
        upstream.send(1)
        // When a second subscriber joins and receives the same element
        let second = TestSubscriber<Int, Never>()
        deduplicated.subscribe(second)
        upstream.send(1)
        // Then
        #expect([first.history, second.history] == [["subscription", "value(1)"], ["subscription", "value(1)"]])
    }
}
