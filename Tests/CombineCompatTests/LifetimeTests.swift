import CombineCompat
import Foundation
import Testing

// Who keeps a subscriber alive once its stream is over. Evidence: the OpenCombine test suite, whose compatibility
// mode runs the same tests against Apple's Combine: its `testLifecycle(cancellingSubscriptionReleasesSubscriber:)`
// of each operator records whether a subscriber that keeps its subscription is released after a failure and after
// `cancel()` (`true`), or stays alive in a cycle with the operator's subscription (`false`), and that a subscriber
// that lets go of its subscription when it finishes is always released (its "test #4").

/// Keeps its subscription for ever, as a hand-written subscriber in a team's code might.
private final class KeepingSubscriber<Input, Failure: Error>: Subscriber {
    var subscription: Subscription?
    let demand: Subscribers.Demand?
    init(demand: Subscribers.Demand?) { self.demand = demand }
    func receive(subscription: Subscription) {
        self.subscription = subscription
        if let demand { subscription.request(demand) }
    }
    func receive(_ input: Input) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) {}
}

/// Lets go of its subscription when the stream completes, as `sink` and `assign` do.
private final class CleaningSubscriber<Input, Failure: Error>: Subscriber {
    var subscription: Subscription?
    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }
    func receive(_ input: Input) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) { subscription = nil }
}

/// Whether a subscriber is still alive after each way its stream can end.
private struct Lifetime: Equatable, CustomStringConvertible {
    /// A keeping subscriber, after a value and a failure.
    var releasedAfterFailure: Bool
    /// A keeping subscriber, after it cancelled.
    var releasedAfterCancel: Bool
    /// A cleaning subscriber, after `finished`.
    var releasedAfterFinished: Bool
    /// A keeping subscriber whose stream never ends stays alive in every case (the suite's "test #2").
    var keptWhileLive: Bool

    var description: String {
        "failure \(releasedAfterFailure), cancel \(releasedAfterCancel), finished \(releasedAfterFinished), "
            + "live kept \(keptWhileLive)"
    }

    /// Combine's result for an operator whose `cancellingSubscriptionReleasesSubscriber` is `releases`.
    static func combine(releases: Bool) -> Lifetime {
        Lifetime(
            releasedAfterFailure: releases, releasedAfterCancel: releases, releasedAfterFinished: true,
            keptWhileLive: true)
    }
}

private func lifetime<P: Publisher>(_ make: (PassthroughSubject<Int, TestError>) -> P) -> Lifetime {
    weak var failed: KeepingSubscriber<P.Output, P.Failure>?
    weak var cancelled: KeepingSubscriber<P.Output, P.Failure>?
    weak var finished: CleaningSubscriber<P.Output, P.Failure>?
    weak var live: KeepingSubscriber<P.Output, P.Failure>?
    do {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = KeepingSubscriber<P.Output, P.Failure>(demand: nil)
        make(subject).subscribe(subscriber)
        subject.send(31)
        subject.send(completion: .failure(TestError("failure")))
        failed = subscriber
    }
    do {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = KeepingSubscriber<P.Output, P.Failure>(demand: .unlimited)
        make(subject).subscribe(subscriber)
        subject.send(31)
        subscriber.subscription?.cancel()
        cancelled = subscriber
    }
    do {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = CleaningSubscriber<P.Output, P.Failure>()
        make(subject).subscribe(subscriber)
        subject.send(completion: .finished)
        finished = subscriber
    }
    var kept: KeepingSubscriber<P.Output, P.Failure>?
    do {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = KeepingSubscriber<P.Output, P.Failure>(demand: nil)
        make(subject).subscribe(subscriber)
        live = subscriber
        kept = subscriber
    }
    let keptWhileLive = live != nil
    // End the live stream so the test leaves nothing behind.
    kept?.subscription?.cancel()
    kept?.subscription = nil
    kept = nil
    return Lifetime(
        releasedAfterFailure: failed == nil, releasedAfterCancel: cancelled == nil,
        releasedAfterFinished: finished == nil, keptWhileLive: keptWhileLive)
}

@Suite struct LifetimeTests {
    @Test func everyOperatorReleasesItsSubscriberAsCombineDoes() {
        let scheduler = ImmediateScheduler.shared
        let observed: [String: Lifetime] = [
            // `true` in the suite: the operators that hand on the upstream's subscription, and throttle, retry.
            "map": lifetime { $0.map { $0 * 2 } },
            "filter": lifetime { $0.filter { _ in true } },
            "compactMap": lifetime { $0.compactMap { $0 } },
            "scan": lifetime { $0.scan(0, +) },
            "mapError": lifetime { $0.mapError { $0 } },
            "map(keyPath)": lifetime { $0.map(\.self) },
            "ignoreOutput": lifetime { $0.ignoreOutput() },
            "throttle": lifetime { $0.throttle(for: .seconds(60), scheduler: scheduler, latest: true) },
            "retry": lifetime { $0.retry(3) },
            // `false` in the suite: operators with a subscription of their own keep their downstream.
            "tryMap": lifetime { $0.tryMap { $0 } },
            "tryFilter": lifetime { $0.tryFilter { _ in true } },
            "tryCompactMap": lifetime { $0.tryCompactMap { $0 } },
            "removeDuplicates": lifetime { $0.removeDuplicates(by: <) },
            "tryRemoveDuplicates": lifetime { $0.tryRemoveDuplicates(by: <) },
            "drop(while:)": lifetime { $0.drop { _ in false } },
            "dropFirst": lifetime { $0.dropFirst(42) },
            "output(in:)": lifetime { $0.output(in: 10..<42) },
            "first": lifetime { $0.first() },
            "last": lifetime { $0.last() },
            "reduce": lifetime { $0.reduce(0, +) },
            "min(by:)": lifetime { $0.min(by: >) },
            "contains(where:)": lifetime { $0.contains { _ in true } },
            "handleEvents": lifetime { $0.handleEvents() },
            "receive(on:)": lifetime { $0.receive(on: scheduler) },
            "subscribe(on:)": lifetime { $0.subscribe(on: scheduler) },
            "measureInterval": lifetime { $0.measureInterval(using: scheduler) },
            "drop(untilOutputFrom:)": lifetime { Empty<Int, TestError>().drop(untilOutputFrom: $0) },
        ]
        let released = Lifetime.combine(releases: true)
        let kept = Lifetime.combine(releases: false)
        #expect(
            observed == [
                "map": released, "filter": released, "compactMap": released, "scan": released,
                "mapError": released, "map(keyPath)": released, "ignoreOutput": released, "throttle": released,
                "retry": released,
                "tryMap": kept, "tryFilter": kept, "tryCompactMap": kept, "removeDuplicates": kept,
                "tryRemoveDuplicates": kept, "drop(while:)": kept, "dropFirst": kept, "output(in:)": kept,
                "first": kept, "last": kept, "reduce": kept, "min(by:)": kept, "contains(where:)": kept,
                "handleEvents": kept, "receive(on:)": kept, "subscribe(on:)": kept, "measureInterval": kept,
                "drop(untilOutputFrom:)": kept,
            ])
    }

    @Test func aSinkIsReleasedOnceItsStreamEndsWhateverTheOperators() {
        // A `sink` lets go of its subscription when the stream completes or is cancelled, so no operator may keep
        // it alive after that: this is what the end-of-scenario leak check relies on. Combine does the same (the
        // suite's "test #4" for every operator).
        let scheduler = ImmediateScheduler.shared
        func released<P: Publisher>(_ make: (PassthroughSubject<Int, TestError>) -> P) -> [Bool] {
            weak var afterFinish: AnyObject?
            weak var afterCancel: AnyObject?
            do {
                let subject = PassthroughSubject<Int, TestError>()
                let sink = Subscribers.Sink<P.Output, P.Failure>(receiveCompletion: { _ in }, receiveValue: { _ in })
                make(subject).subscribe(sink)
                subject.send(1)
                subject.send(completion: .finished)
                afterFinish = sink
            }
            do {
                let subject = PassthroughSubject<Int, TestError>()
                let sink = Subscribers.Sink<P.Output, P.Failure>(receiveCompletion: { _ in }, receiveValue: { _ in })
                make(subject).subscribe(sink)
                subject.send(1)
                sink.cancel()
                afterCancel = sink
            }
            return [afterFinish == nil, afterCancel == nil]
        }
        let observed: [String: [Bool]] = [
            "map": released { $0.map { $0 } },
            "tryMap": released { $0.tryMap { $0 } },
            "removeDuplicates": released { $0.removeDuplicates() },
            "scan": released { $0.scan(0, +) },
            "collect": released { $0.collect() },
            "first": released { $0.first() },
            "replaceEmpty": released { $0.replaceEmpty(with: 0) },
            "replaceError": released { $0.replaceError(with: 0) },
            "catch": released { $0.catch { _ in Just(0) } },
            "retry": released { $0.retry(1) },
            "merge": released { $0.merge(with: Just(1).setFailureType(to: TestError.self)) },
            "combineLatest": released { $0.combineLatest(Just(1).setFailureType(to: TestError.self)) },
            "zip": released { $0.zip(Just(1).setFailureType(to: TestError.self)) },
            "flatMap": released { $0.flatMap { Just($0).setFailureType(to: TestError.self) } },
            "switchToLatest": released { $0.map { Just($0).setFailureType(to: TestError.self) }.switchToLatest() },
            "append": released { $0.append(1) },
            "buffer": released { $0.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest) },
            "debounce": released { $0.debounce(for: .seconds(1), scheduler: scheduler) },
            "delay": released { $0.delay(for: .seconds(1), scheduler: scheduler) },
            "receive(on:)": released { $0.receive(on: scheduler) },
            "timeout": released { $0.timeout(.seconds(1), scheduler: scheduler) },
            "share": released { $0.share() },
            "prefix(untilOutputFrom:)": released { $0.prefix(untilOutputFrom: Empty<Int, Never>()) },
            "print": released { $0.print("", to: NullStream()) },
        ]
        #expect(observed == observed.mapValues { _ in [true, true] })
    }
}

/// A `TextOutputStream` that keeps nothing, so `print` stays quiet.
private struct NullStream: TextOutputStream {
    mutating func write(_ string: String) {}
}
