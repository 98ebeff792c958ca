import CombineCompat
import Foundation
import Testing

@Suite struct CatchTests {
    @Test func replacesTheFailedUpstreamAndCarriesOutstandingDemandOver() {
        // Given a downstream that asked for three values
        let upstream = TestPublisher<Int, OperatorError>()
        let replacement = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3))
        upstream.catch { _ in replacement }.subscribe(subscriber)
        // When the upstream fails after one value and the replacement delivers the rest
        upstream.send(1)
        upstream.send(completion: .failure(OperatorError("offline")))
        upstream.send(9)
        replacement.send(2)
        replacement.send(3)
        replacement.send(completion: .finished)
        // Then
        #expect(
            [upstream.history, replacement.history, subscriber.history]
                == [
                    ["subscribe", "request(max(3))"],
                    ["subscribe", "request(max(2))"],
                    ["subscription", "value(1)", "value(2)", "value(3)", "finished"],
                ]
        )
    }

    @Test func handlerReceivesTheErrorAndCancelReachesTheReplacement() {
        // Given
        let upstream = TestPublisher<Int, OperatorError>()
        let replacement = TestPublisher<String, Never>()
        let subscriber = TestSubscriber<String, Never>()
        var handledErrors: [OperatorError] = []
        upstream.map(String.init).catch { error -> TestPublisher<String, Never> in
            handledErrors.append(error)
            return replacement
        }.subscribe(subscriber)
        // When
        upstream.send(completion: .failure(OperatorError("offline")))
        subscriber.cancel()
        replacement.send("late")
        // Then
        #expect(
            (handledErrors, upstream.history, replacement.history, subscriber.history)
                == (
                    [OperatorError("offline")],
                    ["subscribe", "request(unlimited)"],
                    ["subscribe", "request(unlimited)", "cancel"],
                    ["subscription"]
                )
        )
    }

    @Test func tryCatchFailsWhenTheHandlerThrows() {
        // Given
        let upstream = TestPublisher<Int, OperatorError>()
        let subscriber = TestSubscriber<Int, Error>()
        upstream.tryCatch { error -> TestPublisher<Int, Never> in
            throw OperatorError("cannot recover from \(error)")
        }.subscribe(subscriber)
        // When
        upstream.send(1)
        upstream.send(completion: .failure(OperatorError("offline")))
        // Then
        #expect(
            [upstream.history, subscriber.history]
                == [
                    ["subscribe", "request(unlimited)"],
                    ["subscription", "value(1)", "failure(cannot recover from offline)"],
                ]
        )
    }

    @Test func tryCatchRepublishesTheReplacementFailure() {
        // Given
        let upstream = TestPublisher<Int, OperatorError>()
        let replacement = TestPublisher<Int, OperatorError>()
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(2))
        upstream.tryCatch { _ in replacement }.subscribe(subscriber)
        // When
        upstream.send(completion: .failure(OperatorError("first")))
        replacement.send(1)
        replacement.send(completion: .failure(OperatorError("second")))
        // Then
        #expect(
            [upstream.history, replacement.history, subscriber.history]
                == [
                    ["subscribe", "request(max(2))"],
                    ["subscribe", "request(max(2))"],
                    ["subscription", "value(1)", "failure(second)"],
                ]
        )
    }

    @Test func noReplacementRequestWithoutOutstandingDemand() {
        // Given a downstream whose demand was used up
        let upstream = TestPublisher<Int, OperatorError>()
        let replacement = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.catch { _ in replacement }.subscribe(subscriber)
        upstream.send(1)
        // When
        upstream.send(completion: .failure(OperatorError("offline")))
        subscriber.request(.max(1))
        // Then
        #expect(
            [replacement.history, subscriber.history]
                == [["subscribe", "request(max(1))"], ["subscription", "value(1)"]]
        )
    }
    @Test func endingTheStreamReleasesTheHandler() {
        // Given handlers that are the only owners of their tokens
        weak var cancelledToken: CapturedToken?
        weak var finishedToken: CapturedToken?
        let upstream = TestPublisher<Int, OperatorError>()
        let cancelled = TestSubscriber<Int, Never>()
        let finished = TestSubscriber<Int, Never>()
        for (subscriber, isCancelled) in [(cancelled, true), (finished, false)] {
            let token = CapturedToken()
            if isCancelled { cancelledToken = token } else { finishedToken = token }
            upstream.catch { _ in withExtendedLifetime(token) { TestPublisher<Int, Never>() } }.subscribe(subscriber)
        }
        let heldBefore = [cancelledToken != nil, finishedToken != nil]
        // When
        cancelled.cancel()
        upstream.send(completion: .finished)
        // Then the test publisher still holds both subscribers, but not the handlers
        #expect(
            (heldBefore, [cancelledToken == nil, finishedToken == nil], [cancelled.history, finished.history])
                == ([true, true], [true, true], [["subscription"], ["subscription", "finished"]])
        )
    }
}

@Suite struct CatchRaceTests {
    @Test func cancelRacingWithFailureLeavesNothingRunning() {
        // Given the outcomes a race between the upstream failing and the downstream cancelling may produce
        let allowed: Set<String> = [
            "[subscribe, request(unlimited), cancel] [] [subscription]",
            "[subscribe, request(unlimited)] [subscribe, cancel] [subscription]",
            "[subscribe, request(unlimited)] [subscribe, request(unlimited), cancel] [subscription]",
            "[subscribe, request(unlimited)] [subscribe, cancel, request(unlimited)] [subscription]",
        ]
        var seen: Set<String> = []
        for _ in 0..<200 {
            let upstream = TestPublisher<Int, OperatorError>()
            let replacement = TestPublisher<Int, Never>()
            let subscriber = TestSubscriber<Int, Never>()
            upstream.catch { _ in replacement }.subscribe(subscriber)
            // When
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                if thread == 0 {
                    upstream.send(completion: .failure(OperatorError("offline")))
                } else {
                    subscriber.cancel()
                }
            }
            let histories = [upstream.history, replacement.history, subscriber.history]
            seen.insert(histories.map { "[\($0.joined(separator: ", "))]" }.joined(separator: " "))
        }
        // Then
        #expect(seen.subtracting(allowed) == [])
    }
}
