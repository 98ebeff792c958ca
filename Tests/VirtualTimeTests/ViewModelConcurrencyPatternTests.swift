import CombineCompat
import Dispatch
import Foundation
import Testing
import VirtualTime

/// A repository behind an actor whose methods wait with `Task.sleep`, as a team's networking layer often is.
actor SleepingRepository {
    private var requests = 0

    func fetch(_ name: String, latency: Duration) async throws -> String {
        try await Task.sleep(for: latency)
        requests += 1
        return "\(name)#\(requests)"
    }
}

/// The hand-written timeout teams write before adopting a library: the work and a sleep race in a task group, the
/// first result wins and the other child is cancelled.
struct TimedOut: Error {}

func withTimeout<T: Sendable>(
    _ timeout: Duration, _ work: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw TimedOut()
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw TimedOut() }
        return first
    }
}

/// Swift concurrency as ViewModels really use it, with no injected clock: each test names the pattern it models and
/// asserts the whole log, stamped with the virtual instant. These run in Swift Testing bodies (off the main thread,
/// in parallel with other tests).
@Suite struct ViewModelConcurrencyPatternTests {
    @Test func aDashboardLoadsItsSectionsInATaskGroupAndThenTwoMoreWithAsyncLet() throws {
        // Given a MainActor load that fetches three sections in a task group (100, 200, 300ms), then the user and
        // the settings at once with `async let` through an actor-backed repository (0.010s each)
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let repository = SleepingRepository()
        try timeline.runScenario {
            Task { @MainActor in
                let sections = await withTaskGroup(of: Int.self) { group in
                    for index in 1...3 {
                        group.addTask {
                            try? await Task.sleep(for: .milliseconds(100 * index))
                            log.add("section \(index) loaded")
                            return index
                        }
                    }
                    var loaded: [Int] = []
                    for await index in group { loaded.append(index) }
                    return loaded
                }
                log.add("sections \(sections)")
                async let user = repository.fetch("user", latency: .milliseconds(10))
                async let settings = repository.fetch("settings", latency: .milliseconds(10))
                let both = try await [user, settings].sorted()
                log.add("loaded \(both)")
            }

            // When the timeline runs
            try timeline.run()
        }

        // Then each child woke at its latency, the group ended with the last, and the actor served both at 0.310s
        #expect(
            log.lines == [
                "0.100s section 1 loaded", "0.200s section 2 loaded", "0.300s section 3 loaded",
                "0.300s sections [1, 2, 3]",
                "0.310s loaded [\"settings#2\", \"user#1\"]",
            ])
    }

    @Test func aPriceTickerStreamsFromAProducerThatSleepsAndStampsEachPriceWithDate() throws {
        // Given an AsyncStream whose producer task sleeps 250ms before each of three prices (cancelled when the
        // stream terminates), consumed by the MainActor, which stamps each price with Date()
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            let prices = AsyncStream<Int> { continuation in
                let producer = Task {
                    for price in [101, 102, 103] {
                        try await Task.sleep(for: .milliseconds(250))
                        continuation.yield(price)
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in producer.cancel() }
            }
            Task { @MainActor in
                let start = Date()
                for await price in prices { log.add("price \(price) after \(Date().timeIntervalSince(start))s") }
                log.add("ticker closed")
            }

            // When the timeline runs
            try timeline.run()
        }

        // Then each price came 250ms after the one before, and Date() moved with virtual time
        #expect(
            log.lines == [
                "0.250s price 101 after 0.25s", "0.500s price 102 after 0.5s", "0.750s price 103 after 0.75s",
                "0.750s ticker closed",
            ])
    }

    @Test func aDownloadCancelledByTheUserRunsItsCancellationHandlerAtThatInstant() throws {
        // Given a download that sleeps 10s inside withTaskCancellationHandler, and a cancel button tapped at 0.300s
        // (DispatchQueue.main.asyncAfter)
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            let download = Task {
                await withTaskCancellationHandler {
                    do {
                        try await Task.sleep(for: .seconds(10))
                        log.add("downloaded")
                    } catch {
                        log.add("download threw \(error)")
                    }
                } onCancel: {
                    log.add("onCancel")
                }
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { download.cancel() }

            // When the timeline runs
            try timeline.run()
        }

        // Then the handler ran at 0.300s, the sleep threw there, and nothing was left for 10s
        #expect(log.lines == ["0.300s onCancel", "0.300s download threw CancellationError()"])
        #expect(timeline.now == .milliseconds(300))
    }

    @Test func aHandWrittenTimeoutRaceCancelsTheLoserWhicheverWins() throws {
        // Given a request that answers in 200ms under a 1s timeout, then one that answers in 500ms under 100ms
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        var pending = ""
        try timeline.runScenario {
            Task { @MainActor in
                for (latency, timeout) in [(200, 1_000), (500, 100)] {
                    do {
                        let answer = try await withTimeout(.milliseconds(timeout)) {
                            try await Task.sleep(for: .milliseconds(latency))
                            return "answer"
                        }
                        log.add("got \(answer)")
                    } catch {
                        log.add("failed with \(error)")
                    }
                }
            }

            // When the timeline runs
            try timeline.run()
            pending = timeline.pendingWork().description
        }

        // Then the first won at 0.200s, the second timed out at 200+100ms, and no loser's sleep was left behind
        #expect(log.lines == ["0.200s got answer", "0.300s failed with TimedOut()"])
        #expect(pending == "pending work at 0.300s:\n  nothing")
    }

    @Test func yieldingAndDetachedTasksOfEveryPriorityInterleaveTheSameWayOnEveryRun() throws {
        // Given a ViewModel that yields inside its own MainActor loop (legitimate app code), detached tasks of four
        // priorities that yield, and a child task that yields
        func play() throws -> [String] {
            let timeline = VirtualEventLoop()
            let log = EventLog(timeline)
            try timeline.runScenario {
                Task { @MainActor in
                    for index in 0..<3 {
                        log.add("main \(index)")
                        await Task.yield()
                    }
                }
                for priority in [TaskPriority.background, .high, .low, .userInitiated] {
                    Task.detached(priority: priority) {
                        for index in 0..<2 {
                            log.add("detached \(priority.rawValue) \(index)")
                            await Task.yield()
                        }
                    }
                }
                Task {
                    log.add("task")
                    await Task.yield()
                    log.add("task resumed")
                }
                try timeline.run()
            }
            return log.lines
        }

        // When it plays 50 times
        var logs: Set<[String]> = []
        for _ in 0..<50 { logs.insert(try play()) }

        // Then every run gave one order: first in, first out per lane, task jobs before MainActor jobs, priorities
        // not reordering anything
        #expect(
            logs == [
                [
                    "0.000s detached 9 0", "0.000s detached 25 0", "0.000s detached 17 0", "0.000s detached 25 0",
                    "0.000s task",
                    "0.000s detached 9 1", "0.000s detached 25 1", "0.000s detached 17 1", "0.000s detached 25 1",
                    "0.000s task resumed",
                    "0.000s main 0", "0.000s main 1", "0.000s main 2",
                ]
            ])
    }

    @Test func imagesLoadedOnAGlobalQueueUpdateTheUIOnMainAndAGroupNotifiesOnceAllAre() throws {
        // Given three images loaded on a global queue after 0, 100 and 200ms, each hopping to the main queue to
        // update the UI and leave the group, and a notify on the main queue
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            let group = DispatchGroup()
            for index in 0..<3 {
                group.enter()
                DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + .milliseconds(100 * index)) {
                    log.add("image \(index) loaded")
                    DispatchQueue.main.async {
                        log.add("image \(index) shown")
                        group.leave()
                    }
                }
            }
            group.notify(queue: .main) { log.add("all images shown") }

            // When the timeline runs
            try timeline.run()
        }

        // Then each hop ran at its instant and notify once the last image was shown
        #expect(
            log.lines == [
                "0.000s image 0 loaded", "0.000s image 0 shown", "0.100s image 1 loaded", "0.100s image 1 shown",
                "0.200s image 2 loaded", "0.200s image 2 shown", "0.200s all images shown",
            ])
    }

    @Test func elapsedTimeShownWithDateAndMeasuredWithContinuousClockIsExact() throws {
        // Given a screen that shows how long a load took with Date() arithmetic across a sleep, and measures an
        // async step and a synchronous one with ContinuousClock().measure
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            Task {
                let start = Date()
                try await Task.sleep(for: .seconds(1.5))
                log.add("took \(Date().timeIntervalSince(start))s")
                let asyncStep = try await ContinuousClock().measure { try await Task.sleep(for: .milliseconds(42)) }
                let syncStep = ContinuousClock().measure { _ = (0..<10_000).reduce(0, +) }
                log.add("async step \(asyncStep), sync step \(syncStep)")
            }

            // When the timeline runs
            try timeline.run()
        }

        // Then the figures are virtual time exactly: synchronous code takes no time
        #expect(log.lines == ["1.500s took 1.5s", "1.542s async step 0.042 seconds, sync step 0.0 seconds"])
    }

    @Test func aCountdownTicksWithTimerPublishWhileATaskSleeps() throws {
        // Given a countdown on Timer.publish (every 1s on the main run loop, three ticks) and a MainActor task that
        // sleeps 1.5s
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        var subscriptions: Set<AnyCancellable> = []
        try timeline.runScenario {
            Timer.publish(every: 1, on: .main, in: .common).autoconnect().prefix(3)
                .sink { date in log.add("tick at \(date.timeIntervalSince1970)") }
                .store(in: &subscriptions)
            Task { @MainActor in
                try await Task.sleep(for: .milliseconds(1_500))
                log.add("slept")
            }

            // When the timeline runs
            try timeline.run()
        }

        // Then the ticks and the sleep interleave on one timeline, the ticks carrying the scenario's dates
        #expect(
            log.lines == [
                "1.000s tick at 1767258001.0", "1.500s slept", "2.000s tick at 1767258002.0",
                "3.000s tick at 1767258003.0",
            ])
    }
}
