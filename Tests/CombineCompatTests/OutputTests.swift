import CombineCompat
import Testing

/// Evidence: Apple's documentation of `prefix(_:)`, `output(at:)` and `output(in:)` (whose examples print the
/// elements of the range and finish) and the OpenCombine suite, whose compatibility mode runs against Apple's Combine
/// (OutputTests).
@Suite struct OutputTests {
    @Test func prefixPublishesTheFirstElementsThenCancelsAndFinishesAtOnce() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self, initialDemand: .max(1), demandPerValue: .max(1)) {
            $0.prefix(2)
        }
        // When
        harness.send(1, 2, 3)
        harness.send(completion: .finished)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(1))", "cancel"],
                    returned: ["max(1)", "max(1)", "max(0)"],
                    downstream: ["subscription", "value(1)", "value(2)", "finished"]
                )
        )
    }

    @Test func outputAtPublishesOnlyThatIndex() {
        // Given
        let harness = OperatorHarness(String.self, Never.self, initialDemand: .max(1)) { $0.output(at: 2) }
        // When
        harness.send("a", "b", "c", "d")
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(1))", "cancel"],
                    returned: ["max(1)", "max(1)", "max(0)", "max(0)"],
                    downstream: ["subscription", "value(c)", "finished"]
                )
        )
    }

    @Test func outputInRangePublishesTheRange() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) { $0.output(in: 1...2) }
        // When
        harness.send(10, 11, 12, 13)
        // Then
        #expect(
            (harness.history, Publishers.Output(upstream: harness.upstream, range: 1..<3).range)
                == (
                    OperatorHistory(
                        upstream: ["subscribe", "request(unlimited)", "cancel"],
                        returned: ["max(1)", "max(0)", "max(0)", "max(0)"],
                        downstream: ["subscription", "value(11)", "value(12)", "finished"]
                    ),
                    1..<3
                )
        )
    }

    @Test func prefixZeroFinishesAtTheFirstElement() {
        // Given
        let harness = OperatorHarness(Int.self, Never.self) { $0.prefix(0) }
        // When
        harness.send(1, 2)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)", "max(0)"],
                    downstream: ["subscription", "finished"]
                )
        )
    }

    @Test func downstreamCancellingOnTheLastElementCancelsUpstreamOnceAndGetsNoCompletion() {
        // Given a downstream that cancels when it receives an element (a cancelled stream does not finish:
        // OutputTests.testCancelAlreadyCancelled of the OpenCombine suite, run against Apple's Combine)
        let harness = OperatorHarness(Int.self, OperatorError.self) { $0.prefix(1) }
        harness.downstream.onValue = { [downstream = harness.downstream] _ in downstream.cancel() }
        // When
        harness.send(1)
        harness.send(completion: .failure(OperatorError("late")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"],
                    returned: ["max(0)"],
                    downstream: ["subscription", "value(1)"]
                )
        )
    }
}

/// Evidence: the OpenCombine suite, whose compatibility mode runs against Apple's Combine (OutputTests:
/// testBasicBehavior, testSendValuesAfterCompletion, testSendValuesBeforeSubscription, testCancelAlreadyCancelled).
@Suite struct OutputDemandTests {
    @Test func elementsBeforeTheRangeAskForOneMoreAndElementsInItReturnTheSubscribersDemand() {
        // Given (testBasicBehavior)
        let harness = OperatorHarness(Int.self, TestError.self, initialDemand: nil, demandPerValue: .max(42)) {
            $0.output(in: 3..<7)
        }
        // When
        harness.send(1, 2, 3)
        harness.downstream.request(.max(31))
        harness.downstream.request(.max(32))
        harness.send(4, 5, 6, 7, 8, 9)
        harness.downstream.request(.max(33))
        harness.downstream.cancel()
        // Then the last element of the range returns the subscriber's demand too
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(max(31))", "request(max(32))", "cancel"],
                    returned: [
                        "max(1)", "max(1)", "max(1)", "max(42)", "max(42)", "max(42)", "max(42)", "max(0)",
                        "max(0)",
                    ],
                    downstream: ["subscription", "value(4)", "value(5)", "value(6)", "value(7)", "finished"]))
    }

    @Test func elementsAfterTheEndAreStillCountedAndPassedOnWithoutASecondEnd() {
        // Given (testSendValuesAfterCompletion)
        let harness = OperatorHarness(Int.self, TestError.self, initialDemand: nil, demandPerValue: .max(2)) {
            $0.output(in: 1..<3)
        }
        // When the upstream fails, finishes, then sends anyway
        harness.send(completion: .failure(TestError("oops")))
        harness.send(completion: .finished)
        harness.send(1, 2, 3, 4, 5)
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe"], returned: ["max(1)", "max(2)", "max(2)", "max(0)", "max(0)"],
                    downstream: ["subscription", "failure(oops)", "value(2)", "value(3)"]))
    }

    @Test func aCompletionBeforeTheSubscriptionIsDroppedAndElementsPass() {
        // Given an upstream that sends its subscription late (testSendValuesBeforeSubscription)
        let upstream = ManualUpstream<Int, TestError>()
        let downstream = TestSubscriber<Int, TestError>(demandPerValue: .max(42))
        upstream.output(in: 1..<3).subscribe(downstream)
        // When
        upstream.send(completion: .failure(TestError("oops")))
        let returned = [1, 2, 3, 4, 5].map { upstream.send($0) ?? .unlimited }
        upstream.send(completion: .finished)
        let beforeSubscription = downstream.history
        upstream.send(subscription: LoggedSubscription())
        let late = upstream.send(6)
        upstream.send(completion: .finished)
        // Then
        #expect(returned == [.max(1), .max(42), .max(42), .none, .none])
        #expect(late == Subscribers.Demand.none)
        #expect(beforeSubscription == ["value(2)", "value(3)"])
        #expect(downstream.history == ["value(2)", "value(3)", "subscription", "finished"])
    }

    @Test func aCancelEndsRequestsAndCompletionsButNotElements() {
        // Given (testCancelAlreadyCancelled)
        let harness = OperatorHarness(Int.self, TestError.self, demandPerValue: .max(3)) { $0.output(in: 1..<3) }
        // When
        harness.downstream.cancel()
        harness.downstream.request(.unlimited)
        harness.downstream.cancel()
        harness.send(1, 2)
        harness.send(completion: .failure(TestError("oops")))
        // Then
        #expect(
            harness.history
                == OperatorHistory(
                    upstream: ["subscribe", "request(unlimited)", "cancel"], returned: ["max(1)", "max(3)"],
                    downstream: ["subscription", "value(2)"]))
    }

    @Test func theRangesOfPrefixAndOutputAreAsCombineCountsThem() {
        // Evidence: OutputTests.testPrefixOperatorCorrectlyTranslatesToCountableRange,
        // testOutputInOperatorCorrectlyTranslatesToCountableRange
        let publisher = Empty<Void, Never>()
        #expect(
            [
                publisher.prefix(89).range, publisher.prefix(.max).range, publisher.prefix(0).range,
                publisher.output(at: 89).range, publisher.output(in: ..<8).range, publisher.output(in: ...8).range,
                publisher.output(in: 8...).range, publisher.output(in: .max...).range,
                publisher.output(in: 4..<5).range,
                publisher.output(in: 4...5).range,
            ] == [0..<89, 0..<Int.max, 0..<0, 89..<90, 0..<8, 0..<9, 8..<Int.max, Int.max..<Int.max, 4..<5, 4..<6])
    }
}
