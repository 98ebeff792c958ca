import CombineCompat
import Testing

@Suite struct ComparisonTests {
    struct Card: CustomStringConvertible {
        let rank: Int
        let suit: String
        var description: String { "\(rank)\(suit)" }
    }

    @Test func minAndMaxPublishOnFinish() {
        // Given
        let minimum = OperatorHarness(Int.self, Never.self) { $0.min() }
        let maximum = OperatorHarness(Int.self, Never.self) { $0.max() }
        // When
        for harness in [minimum, maximum] {
            harness.send(3, -1, 10, 5)
            harness.send(completion: .finished)
        }
        // Then
        #expect(
            [minimum.downstream.history, maximum.downstream.history]
                == [["subscription", "value(-1)", "finished"], ["subscription", "value(10)", "finished"]]
        )
    }

    @Test func equalExtremesKeepTheFirstOne() {
        // Given
        let minimum = OperatorHarness(Card.self, Never.self) { $0.min { $0.rank < $1.rank } }
        let maximum = OperatorHarness(Card.self, Never.self) { $0.max { $0.rank < $1.rank } }
        // When
        for harness in [minimum, maximum] {
            harness.send(
                Card(rank: 1, suit: "a"), Card(rank: 9, suit: "a"), Card(rank: 1, suit: "b"), Card(rank: 9, suit: "b"))
            harness.send(completion: .finished)
        }
        // Then
        #expect(
            [minimum.downstream.history, maximum.downstream.history]
                == [["subscription", "value(1a)", "finished"], ["subscription", "value(9a)", "finished"]]
        )
    }

    @Test func tryMinFailsWithTheThrownError() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) {
            $0.tryMin { lhs, rhs in
                guard lhs != 0 && rhs != 0 else { throw OperatorError("cannot compare 0") }
                return lhs < rhs
            }
        }
        // When
        harness.send(1, 3, 0, 2)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "failure(cannot compare 0)"]
                )
        )
    }

    @Test func tryMaxOfAnEmptyStreamJustFinishes() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.tryMax { $0 < $1 } }
        // When
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"], downstream: ["subscription", "finished"])
        )
    }
}
