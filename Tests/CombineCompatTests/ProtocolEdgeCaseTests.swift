import CombineCompat
import Foundation
import Testing

// The protocol edge cases a custom publisher can produce, and what each operator does with them, as Apple's
// Combine does. Evidence: the OpenCombine test suite, whose compatibility mode runs the same tests against Apple's
// Combine (its `testReceiveValueBeforeSubscription`, `testReceiveCompletionBeforeSubscription`,
// `testRequestBeforeSubscription` and `testReceiveSubscriptionTwice` of each operator). The cases where Combine
// traps are in APIMisuseTrapTests.

/// An upstream that never sends a subscription by itself: the test drives its subscriber directly.
private final class BareUpstream<Output, Failure: Error>: Publisher {
    var subscriber: AnySubscriber<Output, Failure>?
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = AnySubscriber(subscriber)
    }
}

/// A subscription that writes what reaches it into `log`, prefixed by its name.
private final class LoggingSubscription: Subscription {
    let name: String
    let log: Log
    init(_ name: String, _ log: Log) {
        self.name = name
        self.log = log
    }
    func request(_ demand: Subscribers.Demand) { log.entries.append("\(name): request(\(demand))") }
    func cancel() { log.entries.append("\(name): cancel") }
}

private final class Log { var entries: [String] = [] }

/// What the downstream saw and what the operator returned upstream, for one early value or completion.
private struct EarlyEvents: Equatable, CustomStringConvertible {
    var returned: String
    var downstream: [String]
    var description: String { "returned \(returned), downstream \(downstream)" }
}

@Suite struct ProtocolEdgeCaseTests {
    /// Sends a value to the operator before any subscription: the downstream returns `.max(42)` for each value.
    private func valueBeforeSubscription<P: Publisher>(_ make: (BareUpstream<Int, Never>) -> P) -> EarlyEvents {
        let upstream = BareUpstream<Int, Never>()
        let downstream = TestSubscriber<P.Output, P.Failure>(initialDemand: nil, demandPerValue: .max(42))
        make(upstream).subscribe(downstream)
        let returned = upstream.subscriber?.receive(0)
        return EarlyEvents(returned: returned.map { "\($0)" } ?? "nothing", downstream: downstream.history)
    }

    /// Sends `finished` to the operator before any subscription.
    private func completionBeforeSubscription<P: Publisher>(_ make: (BareUpstream<Int, Never>) -> P) -> [String] {
        let upstream = BareUpstream<Int, Never>()
        let downstream = TestSubscriber<P.Output, P.Failure>(initialDemand: nil)
        make(upstream).subscribe(downstream)
        upstream.subscriber?.receive(completion: .finished)
        return downstream.history
    }

    @Test func aValueBeforeTheSubscriptionIsForwardedOrIgnoredOperatorByOperator() {
        let forwarded = EarlyEvents(returned: "max(42)", downstream: ["value(0)"])
        let ignored = EarlyEvents(returned: "max(0)", downstream: [])
        let observed: [String: EarlyEvents] = [
            // MapTests, ScanTests, PrintTests, HandleEventsTests, EncodeTests: forwarded, and the downstream's
            // demand returned.
            "map": valueBeforeSubscription { $0.map { $0 } },
            "tryMap": valueBeforeSubscription { $0.tryMap { $0 } },
            "scan": valueBeforeSubscription { $0.scan(0, +) },
            "tryScan": valueBeforeSubscription { $0.tryScan(0, +) },
            "print": valueBeforeSubscription { $0.print("", to: NullStream()) },
            "handleEvents": valueBeforeSubscription { $0.handleEvents() },
            // DropWhileTests, LastTests, CountTests, ReplaceErrorTests: ignored, nothing asked for.
            "drop(while:)": valueBeforeSubscription { $0.drop { _ in true } },
            "tryDrop(while:)": valueBeforeSubscription { $0.tryDrop { _ in true } },
            "last": valueBeforeSubscription { $0.last() },
            "count": valueBeforeSubscription { $0.count() },
        ]
        #expect(
            observed == [
                "map": forwarded, "tryMap": forwarded, "scan": forwarded, "tryScan": forwarded, "print": forwarded,
                "handleEvents": forwarded, "drop(while:)": ignored, "tryDrop(while:)": ignored, "last": ignored,
                "count": ignored,
            ])
    }

    @Test func aCompletionBeforeTheSubscriptionIsForwardedOrIgnoredOperatorByOperator() {
        let observed: [String: [String]] = [
            // MapTests, PrintTests, HandleEventsTests, EncodeTests: forwarded.
            "map": completionBeforeSubscription { $0.map { $0 } },
            "print": completionBeforeSubscription { $0.print("", to: NullStream()) },
            "handleEvents": completionBeforeSubscription { $0.handleEvents() },
            "encode": completionBeforeSubscription { $0.map { [$0] }.encode(encoder: JSONEncoder()) },
            // MapTests (tryMap), ScanTests (tryScan), DropWhileTests, CatchTests (catch, tryCatch): ignored.
            "tryMap": completionBeforeSubscription { $0.tryMap { $0 } },
            "tryScan": completionBeforeSubscription { $0.tryScan(0, +) },
            "drop(while:)": completionBeforeSubscription { $0.drop { _ in true } },
            "catch": completionBeforeSubscription { $0.setFailureType(to: Error.self).catch { _ in Just(13) } },
            "tryCatch": completionBeforeSubscription { $0.setFailureType(to: Error.self).tryCatch { _ in Just(13) } },
            // ShareTests.testShareCompletionBeforeSubscription: the subscriber has its subscription, and no more.
            "share": completionBeforeSubscription { $0.share() },
        ]
        #expect(
            observed == [
                "map": ["finished"], "print": ["finished"], "handleEvents": ["finished"], "encode": ["finished"],
                "tryMap": [], "tryScan": [], "drop(while:)": [], "catch": [], "tryCatch": [],
                "share": ["subscription"],
            ])
    }

    @Test func aSecondSubscriptionIsCancelledAndTheFirstStays() {
        // testReceiveSubscriptionTwice (every stateful operator): a second subscription is cancelled at once, the
        // first one offered again is cancelled too, and cancelling downstream cancels the first.
        func secondSubscription<P: Publisher>(_ make: (BareUpstream<Int, Never>) -> P) -> [String] {
            let log = Log()
            let upstream = BareUpstream<Int, Never>()
            let downstream = TestSubscriber<P.Output, P.Failure>(initialDemand: nil)
            make(upstream).subscribe(downstream)
            let first = LoggingSubscription("first", log)
            upstream.subscriber?.receive(subscription: first)
            upstream.subscriber?.receive(subscription: LoggingSubscription("second", log))
            upstream.subscriber?.receive(subscription: first)
            downstream.cancel()
            // The reducing operators and dropFirst ask upstream for values at once; only the cancels matter here.
            return log.entries.filter { $0.hasSuffix("cancel") }
        }
        let expected = ["second: cancel", "first: cancel", "first: cancel"]
        let observed: [String: [String]] = [
            "tryMap": secondSubscription { $0.tryMap { $0 } },
            "tryCompactMap": secondSubscription { $0.tryCompactMap { $0 } },
            "removeDuplicates": secondSubscription { $0.removeDuplicates() },
            "prefix(while:)": secondSubscription { $0.prefix { _ in true } },
            "output(at:)": secondSubscription { $0.output(at: 3) },
            "handleEvents": secondSubscription { $0.handleEvents() },
            "last": secondSubscription { $0.last() },
            "reduce": secondSubscription { $0.reduce(0, +) },
            "replaceEmpty": secondSubscription { $0.replaceEmpty(with: 1) },
            "dropFirst": secondSubscription { $0.dropFirst() },
        ]
        #expect(observed == observed.mapValues { _ in expected })
    }

    @Test func valuesAfterTheEndReachNoOne() {
        // After completion or cancel nothing more reaches the downstream, and nothing is asked for
        // (FilterTests.testCancelAlreadyCancelled, testUpstreamFinishesImmediately).
        let upstream = BareUpstream<Int, Never>()
        let log = Log()
        let finished = TestSubscriber<Int, Error>()
        let cancelled = TestSubscriber<Int, Error>()
        upstream.tryFilter { _ in true }.subscribe(finished)
        let finishedSide = upstream.subscriber
        finishedSide?.receive(subscription: LoggingSubscription("finished", log))
        upstream.tryFilter { _ in true }.subscribe(cancelled)
        let cancelledSide = upstream.subscriber
        cancelledSide?.receive(subscription: LoggingSubscription("cancelled", log))
        // When
        finishedSide?.receive(completion: .finished)
        cancelled.cancel()
        let returned = [finishedSide?.receive(1), cancelledSide?.receive(2)]
        finishedSide?.receive(completion: .finished)
        cancelledSide?.receive(completion: .finished)
        // Then
        #expect(finished.history == ["subscription", "finished"])
        #expect(cancelled.history == ["subscription"])
        #expect(returned == [Subscribers.Demand.none, Subscribers.Demand.none])
        #expect(log.entries == ["finished: request(unlimited)", "cancelled: request(unlimited)", "cancelled: cancel"])
    }
}

/// A `TextOutputStream` that keeps nothing, so `print` stays quiet.
private struct NullStream: TextOutputStream {
    mutating func write(_ string: String) {}
}
