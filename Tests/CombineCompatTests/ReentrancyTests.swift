import CombineCompat
import Testing

/// Operators fed by an upstream that delivers synchronously inside `request`, so every value and completion
/// re-enters the operator while it is still subscribing or requesting.
@Suite struct ReentrancyTests {
    private func run<P: Publisher>(_ publisher: P, initialDemand: Subscribers.Demand? = .unlimited) -> [String] {
        let subscriber = TestSubscriber<P.Output, P.Failure>(initialDemand: initialDemand)
        publisher.subscribe(subscriber)
        return subscriber.history
    }

    @Test func prefixAndOutputStopASynchronousUpstream() {
        // Given
        let prefixed = SyncTestPublisher<Int, Never>([1, 2, 3, 4])
        let indexed = SyncTestPublisher<Int, Never>([1, 2, 3, 4])
        // When
        let histories = [run(prefixed.prefix(2)), run(indexed.output(at: 1), initialDemand: .max(1))]
        // Then
        #expect(
            [histories, [prefixed.history, indexed.history]]
                == [
                    [["subscription", "value(1)", "value(2)", "finished"], ["subscription", "value(2)", "finished"]],
                    [["subscribe", "request(unlimited)", "cancel"], ["subscribe", "request(max(1))", "cancel"]],
                ]
        )
    }

    @Test func reducingOperatorsFinishInsideTheirUnlimitedRequest() {
        // Given
        let upstream = SyncTestPublisher<Int, Never>([3, 1, 2])
        // When
        let histories = [
            run(upstream.collect().map { "\($0)" }), run(upstream.first().map { "\($0)" }),
            run(upstream.count().map { "\($0)" }), run(upstream.max().map { "\($0)" }),
        ]
        // Then
        #expect(
            (histories, upstream.history)
                == (
                    [
                        ["subscription", "value([3, 1, 2])", "finished"], ["subscription", "value(3)", "finished"],
                        ["subscription", "value(3)", "finished"], ["subscription", "value(3)", "finished"],
                    ],
                    [
                        "subscribe", "request(unlimited)", "subscribe", "request(unlimited)", "cancel",
                        "subscribe", "request(unlimited)", "subscribe", "request(unlimited)",
                    ]
                )
        )
    }

    @Test func retryCarriesTheRemainingDemandToEachSynchronousAttempt() {
        // Given an upstream that publishes one value and fails on every subscription
        let upstream = SyncTestPublisher<Int, OperatorError>([7], completion: .failure(OperatorError("flaky")))
        // When
        let history = run(upstream.retry(2), initialDemand: .max(5))
        // Then
        #expect(
            (history, upstream.history)
                == (
                    ["subscription", "value(7)", "value(7)", "value(7)", "failure(flaky)"],
                    ["subscribe", "request(max(5))", "subscribe", "request(max(4))", "subscribe", "request(max(3))"]
                )
        )
    }

    @Test func catchSwitchesToASynchronousReplacementMidRequest() {
        // Given
        let upstream = SyncTestPublisher<Int, OperatorError>([1, 2], completion: .failure(OperatorError("broken")))
        let replacement = SyncTestPublisher<Int, Never>([10, 20, 30])
        // When
        let history = run(upstream.catch { _ in replacement }, initialDemand: .max(4))
        // Then only the outstanding two values are requested from the replacement
        #expect(
            [history, upstream.history, replacement.history]
                == [
                    ["subscription", "value(1)", "value(2)", "value(10)", "value(20)"],
                    ["subscribe", "request(max(4))"],
                    ["subscribe", "request(max(2))"],
                ]
        )
    }

    @Test func filterKeepsDemandWithASynchronousUpstream() {
        // Given
        let upstream = SyncTestPublisher<Int, Never>(Array(1...10))
        // When a downstream asking for two values reads through a filter
        let history = run(upstream.filter { $0.isMultiple(of: 3) }.map { $0 * 10 }, initialDemand: .max(2))
        // Then filtered-out values are replaced by new ones and the stream stops at the demand
        #expect(
            (history, upstream.history)
                == (["subscription", "value(30)", "value(60)"], ["subscribe", "request(max(2))"])
        )
    }
}
