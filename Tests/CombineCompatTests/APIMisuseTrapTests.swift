import CombineCompat
import Testing

// Misuse of the Combine API that stops the app on a device stops the process here too, through one place
// (`_APIViolation`), with the message Combine prints where the public record quotes it. Each case runs in a child
// process (a Swift Testing exit test) and checks the message on standard error.
//
// Evidence: the OpenCombine test suite, whose compatibility mode runs the same tests against Apple's Combine,
// asserts each crash (`assertCrashes`, `expected: .crash`, `testCrashesOnZeroDemand`); the message of a value
// beyond demand reaching `values` is quoted from a shipped app's crash report (manaflow-ai/cmux#8236). The record
// quotes no message for `request(.none)` or for negative counts, so those messages name the rule broken.

/// An upstream that hands its subscriber a subscription which ignores requests, so the test can misbehave.
private final class RawUpstream<Output, Failure: Error>: Publisher, @unchecked Sendable {
    var subscriber: AnySubscriber<Output, Failure>?
    let sendsSubscription: Bool
    init(sendsSubscription: Bool) { self.sendsSubscription = sendsSubscription }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let erased = AnySubscriber(subscriber)
        self.subscriber = erased
        if sendsSubscription { erased.receive(subscription: Subscriptions.empty) }
    }
}

/// Subscribes, then asks the subscription for nothing.
private func requestNone<P: Publisher>(_ publisher: P) {
    publisher.subscribe(AnySubscriber<P.Output, P.Failure>(receiveSubscription: { $0.request(.none) }))
}

private func stderr(_ result: ExitTest.Result?) -> String {
    result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
}

@Suite struct APIMisuseTrapTests {
    private static let zeroDemand = "API Violation: demand must not be zero"

    @Test func requestingNoneFromASubjectJustOrFutureTraps() async {
        let results = [
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                requestNone(PassthroughSubject<Int, Never>())
            },
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                requestNone(Just(1))
            },
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                requestNone(Future<Int, Never> { _ in })
            },
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                requestNone(PassthroughSubject<Int, Never>().flatMap { Just($0) })
            },
        ]
        #expect(results.map { stderr($0).contains(Self.zeroDemand) } == [true, true, true, true])
    }

    @Test func aSequenceAndARecordIgnoreARequestForNone() {
        // SequenceTests.testRecursion, RecordTests.testRecursion: "Shouldn't crash".
        var received: [Int] = []
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: {
                $0.request(.none)
                $0.request(.unlimited)
            },
            receiveValue: {
                received.append($0); return .none
            })
        [1, 2].publisher.subscribe(subscriber)
        Record<Int, Never>(output: [3], completion: .finished).subscribe(subscriber)
        #expect(received == [1, 2, 3])
    }

    @Test func negativeCountsTrap() async {
        let results = [
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Subscribers.Demand.max(-1)
            },
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = PassthroughSubject<Int, Never>().prefix(-1)
            },
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                // DropTests.testDropNegativeNumberOfItemsCrash: the trap comes at subscription.
                _ = PassthroughSubject<Int, Never>().dropFirst(-1).sink { _ in }
            },
        ]
        let messages = [
            "Subscribers.Demand.max(_:) value must not be negative (got -1)",
            "prefix(_:) maxLength must not be negative (got -1)",
            "dropFirst(_:) count must not be negative (got -1)",
        ]
        #expect(zip(results, messages).map { stderr($0).contains($1) } == [true, true, true])
    }

    @Test func eventsBeforeTheSubscriptionTrapInTheFilteringOperators() async {
        let results = [
            // FilterTests.testTryFilterReceiveValueBeforeSubscription
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let upstream = RawUpstream<Int, Never>(sendsSubscription: false)
                upstream.tryFilter { _ in true }.subscribe(AnySubscriber())
                _ = upstream.subscriber?.receive(1)
            },
            // RemoveDuplicatesTests.testRemoveDuplicatesCompletionBeforeSubscription
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let upstream = RawUpstream<Int, Never>(sendsSubscription: false)
                upstream.removeDuplicates().subscribe(AnySubscriber())
                upstream.subscriber?.receive(completion: .finished)
            },
        ]
        #expect(
            results.map(stderr).map { $0.contains("API Violation: received an unexpected") } == [true, true])
        #expect(stderr(results[0]).contains("before receiving a Subscription"))
    }

    @Test func aValueBeyondDemandReachingValuesTraps() async {
        // manaflow-ai/cmux#8236: Combine's AsyncPublisher traps with "received an unexpected value".
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let upstream = RawUpstream<Int, Never>(sendsSubscription: true)
            let task = Task {
                for await _ in upstream.values {}
            }
            while upstream.subscriber == nil { await Task.yield() }
            // The iterator has asked for nothing yet: two values are more than any demand it made.
            _ = upstream.subscriber?.receive(1)
            _ = upstream.subscriber?.receive(2)
            await task.value
        }
        #expect(stderr(result).contains("received an unexpected value"))
    }
}
