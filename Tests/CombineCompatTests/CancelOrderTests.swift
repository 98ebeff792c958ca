import CombineCompat
import Testing

/// Which subscriptions a combining operator cancels, and in what order. Evidence: the OpenCombine suite, whose
/// compatibility mode runs against Apple's Combine: FlatMapTests.testCancelCancels and
/// SwitchToLatestTests.testCancelCancels (each child's cancel comes before upstream's), ZipTests
/// .testBCancelledAfterAFailed (a failing upstream of `zip` is cancelled too, with the other),
/// SwitchToLatestTests.testSwitchToLatestOuterReceiveCompletionWhileWaitingForInnerSubscription and
/// testInnerIgnoresEventsAfterOuterFails (the current publisher is still served after the upstream ended).
@Suite struct CancelOrderTests {
    @Test func flatMapCancelsItsChildrenBeforeItsUpstream() {
        // Given a flatMap with one child, all recording into one log
        let log = SharedLog()
        let upstream = ManualUpstream<Int, Never>()
        let child = ManualUpstream<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(42))
        upstream.flatMap { _ in child }.subscribe(subscriber)
        upstream.send(subscription: log.subscription("upstream"))
        upstream.send(1)
        child.send(subscription: log.subscription("child"))
        // When
        subscriber.cancel()
        // Then
        #expect(
            log.entries == ["upstream request(unlimited)", "child request(max(1))", "child cancel", "upstream cancel"])
    }

    @Test func switchToLatestCancelsItsChildBeforeItsUpstream() {
        let log = SharedLog()
        let upstream = ManualUpstream<ManualUpstream<Int, Never>, Never>()
        let child = ManualUpstream<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(42))
        upstream.switchToLatest().subscribe(subscriber)
        upstream.send(subscription: log.subscription("upstream"))
        upstream.send(child)
        child.send(subscription: log.subscription("child"))
        subscriber.cancel()
        #expect(
            log.entries == ["upstream request(unlimited)", "child request(max(42))", "child cancel", "upstream cancel"])
    }

    @Test func zipCancelsTheFailedUpstreamAndTheOther() {
        // Given
        let log = SharedLog()
        let first = ManualUpstream<Int, TestError>()
        let second = ManualUpstream<Int, TestError>()
        let subscriber = TestSubscriber<(Int, Int), TestError>()
        first.zip(second).subscribe(subscriber)
        first.send(subscription: log.subscription("first"))
        second.send(subscription: log.subscription("second"))
        // When the first fails
        first.send(completion: .failure(TestError("oops")))
        // Then
        #expect(
            log.entries == [
                "first request(unlimited)", "second request(unlimited)", "first cancel", "second cancel",
            ])
        #expect(subscriber.history == ["subscription", "failure(oops)"])
    }

    @Test(arguments: [Subscribers.Completion<TestError>.finished, .failure(TestError("oops"))])
    func switchToLatestServesALateChildSubscriptionAfterItsUpstreamEnded(_ ending: Subscribers.Completion<TestError>) {
        // Given a child that has not sent its subscription when the upstream ends
        let upstream = TestPublisher<ManualUpstream<Int, TestError>, TestError>()
        let child = ManualUpstream<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(demandPerValue: .max(42))
        upstream.switchToLatest().subscribe(subscriber)
        upstream.send(child)
        upstream.send(completion: ending)
        // When the child's subscription arrives, a value follows, then the child finishes
        let late = LoggedSubscription()
        child.send(subscription: late)
        let returned = child.send(1)
        child.send(completion: .finished)
        // Then the child is asked for the whole demand and its value delivered; after a failure the child's end
        // adds nothing
        #expect(late.history == ["request(unlimited)"])
        #expect(returned == .max(42))
        switch ending {
        case .finished: #expect(subscriber.history == ["subscription", "value(1)", "finished"])
        case .failure: #expect(subscriber.history == ["subscription", "failure(oops)", "value(1)"])
        }
    }
}

/// One log shared by several subscriptions, to see the order of their requests and cancels.
private final class SharedLog: @unchecked Sendable {
    private(set) var entries: [String] = []

    func subscription(_ name: String) -> RecordingSubscription {
        RecordingSubscription { [weak self] in self?.entries.append("\(name) \($0)") }
    }
}
