import CombineCompat
import Testing

@Suite struct RetryTests {
    @Test func resubscribesWithOutstandingDemandThenGivesUp() {
        // Given a downstream that asked for three values and one retry
        let harness = OperatorHarness(Int.self, OperatorError.self, initialDemand: .max(3)) { $0.retry(1) }
        // When
        harness.send(1)
        harness.send(completion: .failure(OperatorError("first")))
        harness.send(2)
        harness.send(completion: .failure(OperatorError("second")))
        // Then (values reach both recorded subscribers of the test publisher; the stale one ignores them)
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(3))", "subscribe", "request(max(2))"],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(1)", "value(2)", "failure(second)"]
                )
        )
    }

    @Test func retryZeroRepublishesTheFirstFailure() {
        // Given
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.retry(0) }
        // When
        harness.send(completion: .failure(OperatorError("only")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)"], downstream: ["subscription", "failure(only)"])
        )
    }

    @Test func successAfterRetryFinishesAndCancelStopsRetrying() {
        // Given
        let finishing = OperatorHarness(Int.self, OperatorError.self) { $0.retry(3) }
        let cancelled = OperatorHarness(Int.self, OperatorError.self) { $0.retry(3) }
        // When
        finishing.send(completion: .failure(OperatorError("flaky")))
        finishing.send(completion: .finished)
        cancelled.downstream.cancel()
        cancelled.send(completion: .failure(OperatorError("after cancel")))
        // Then
        #expect(
            [finishing.history, cancelled.history]
                == [
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)", "subscribe", "request(unlimited)"],
                        downstream: ["subscription", "finished"]
                    ),
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)", "cancel"], downstream: ["subscription"]),
                ]
        )
    }

    // The rest follows Combine as the OpenCombine suite (whose compatibility mode runs against Apple's Combine)
    // records it in RetryTests: testRetryNegativeAmountOfTimes and testRetryForever (a negative count, like `nil`,
    // retries without end, 10 000 failures in a row included), testSubscriptionRecursion and testRecurseAndFinish
    // (an upstream that fails from inside its subscribe call is subscribed again, up to the count).

    @Test func aNegativeCountRetriesForeverWithoutGrowingTheStack() {
        for retries in [-1, Int.min] {
            // Given an upstream that fails at once, 10 000 times, then sends a value
            var attempts = 0
            let upstream = Deferred {
                attempts += 1
                return attempts <= 10_000
                    ? AnyPublisher(Fail<Int, OperatorError>(error: OperatorError("flaky")))
                    : AnyPublisher(Just(7).setFailureType(to: OperatorError.self))
            }
            let subscriber = TestSubscriber<Int, OperatorError>()
            // When
            upstream.retry(retries).subscribe(subscriber)
            // Then every failure was retried, each from the loop of the first subscribe call
            #expect((attempts, subscriber.history) == (10_001, ["subscription", "value(7)", "finished"]))
        }
    }

    @Test func failuresFromInsideTheResubscribeCallAreRetriedUpToTheCount() {
        // Given an upstream whose every attempt but the first fails while it is being subscribed
        let recorder = SyncFailingPublisher()
        let subscriber = TestSubscriber<Int, OperatorError>(initialDemand: .max(1))
        recorder.publisher.retry(5).subscribe(subscriber)
        // When the first attempt fails
        recorder.failCurrent()
        // Then five more attempts were made, each failing inside its subscribe call, and the last failure ends it
        #expect(
            (recorder.attempts, subscriber.history, recorder.requests)
                == (6, ["subscription", "failure(attempt 6)"], Array(repeating: "request(max(1))", count: 6)))
    }

    @Test func everyAttemptIsAskedForTheDemandStillOutstanding() {
        // Given a downstream that asked for five values and asks for two more with each value it receives
        let harness = OperatorHarness(Int.self, OperatorError.self, initialDemand: .max(5), demandPerValue: .max(2)) {
            $0.retry(2)
        }
        // When a value arrives, the attempt fails, and another value arrives
        harness.send(1)
        harness.send(completion: .failure(OperatorError("flaky")))
        harness.send(2)
        // Then the returned demand was requested (5 - 1 + 2 = 6 outstanding for the second attempt), not returned
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: [
                        "subscribe", "request(max(5))", "request(max(2))", "subscribe", "request(max(6))",
                        "request(max(2))",
                    ],
                    returned: ["max(0)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(1)", "value(2)"]
                )
        )
    }
}

/// An upstream for the retry tests: the first attempt waits for `failCurrent()`; every later attempt fails from
/// inside its subscribe call. Records the attempts and the requests they receive.
private final class SyncFailingPublisher: @unchecked Sendable {
    private(set) var attempts = 0
    private(set) var requests: [String] = []
    private var first: AnySubscriber<Int, OperatorError>?

    var publisher: AnyPublisher<Int, OperatorError> {
        Deferred { [self] in Attempt(owner: self) }.eraseToAnyPublisher()
    }

    func failCurrent() {
        first?.receive(completion: .failure(OperatorError("attempt 1")))
    }

    private struct Attempt: Publisher {
        typealias Output = Int
        typealias Failure = OperatorError
        let owner: SyncFailingPublisher

        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == OperatorError {
            owner.attempts += 1
            let number = owner.attempts
            subscriber.receive(subscription: Recording(owner: owner))
            if number == 1 {
                owner.first = AnySubscriber(subscriber)
            } else {
                subscriber.receive(completion: .failure(OperatorError("attempt \(number)")))
            }
        }
    }

    private final class Recording: Subscription, @unchecked Sendable {
        let owner: SyncFailingPublisher
        init(owner: SyncFailingPublisher) { self.owner = owner }
        func request(_ demand: Subscribers.Demand) { owner.requests.append("request(\(demand))") }
        func cancel() { owner.requests.append("cancel") }
    }
}
