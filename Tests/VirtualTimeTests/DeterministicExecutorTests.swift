import VirtualTime
import XCTest

/// An actor whose methods log, to observe hops in the global order.
actor Account {
    private var balance = 0
    private let log: EventLog

    init(log: EventLog) {
        self.log = log
    }

    func deposit(_ amount: Int, by who: String) -> Int {
        balance += amount
        log.add("\(who) deposited \(amount), balance \(balance)")
        return balance
    }
}

/// Ordering of Swift concurrency work on the virtual timeline. XCTest: these drive the main queue.
final class DeterministicExecutorTests: XCTestCase {
    func testGlobalJobsRunBeforeQueuedMainActorJobsAtTheSameInstant() throws {
        // Given a MainActor task that starts a nested (MainActor) task and a detached task, then awaits a
        // nonisolated mock with latency
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let clock = timeline.clock
        try timeline.runScenario {
            Task { @MainActor in
                log.add("outer start")
                Task { log.add("nested") }
                Task.detached { log.add("detached") }
                let value = await fetch("user", latency: .milliseconds(40), clock: clock, log: log)
                log.add("outer got \(value)")
            }
            log.add("step returned")

            // When the timeline runs until idle
            try timeline.run()
        }

        // Then the global jobs (detached task, nonisolated mock) ran before the queued MainActor job (nested
        // task), and the latency elapsed on the virtual clock
        XCTAssertEqual(
            log.lines,
            [
                "0.000s step returned", "0.000s outer start", "0.000s detached", "0.000s fetch user started",
                "0.000s nested",
                "0.040s fetch user returned", "0.040s outer got user",
            ])
    }

    func testTaskGroupChildrenResumeInTheOrderOfTheirVirtualSleeps() throws {
        // Given a task group whose children sleep 300ms, 100ms, 200ms and 100ms
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let clock = timeline.clock
        try timeline.runScenario {
            Task { @MainActor in
                let finished = await withTaskGroup(of: Int.self) { group in
                    for (index, latency) in [300, 100, 200, 100].enumerated() {
                        group.addTask {
                            try? await clock.sleep(for: .milliseconds(latency))
                            log.add("child \(index) woke")
                            return index
                        }
                    }
                    var finished: [Int] = []
                    for await index in group { finished.append(index) }
                    return finished
                }
                log.add("group finished \(finished)")
            }
            try timeline.run()
        }

        // Then children woke by deadline, ties in the order they went to sleep
        XCTAssertEqual(
            log.lines,
            [
                "0.100s child 1 woke", "0.100s child 3 woke", "0.200s child 2 woke", "0.300s child 0 woke",
                "0.300s group finished [1, 3, 2, 0]",
            ])
    }

    func testCancellingASleepingTaskThrowsAtTheCurrentVirtualInstant() throws {
        // Given a task sleeping 10s on the virtual clock, cancelled at 2.500s
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let clock = timeline.clock
        try timeline.runScenario {
            let sleeper = Task {
                do {
                    try await clock.sleep(for: .seconds(10))
                    log.add("woke")
                } catch {
                    log.add("threw \(error)")
                }
            }
            try timeline.advance(to: .milliseconds(2500))
            log.add("cancelling")
            sleeper.cancel()

            // When the timeline settles and then runs on
            try timeline.settle()
            try timeline.run()
        }

        // Then the sleep threw at 2.500s and its timer is gone
        XCTAssertEqual(log.lines, ["2.500s cancelling", "2.500s threw CancellationError()"])
        XCTAssertEqual(timeline.now, .milliseconds(2500))
        XCTAssertEqual(timeline.pendingWork().timers, [])
    }

    func testAsyncLetChildrenAndActorHopsInterleaveDeterministically() throws {
        // Given two async-let children that sleep different times and deposit into one actor
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let clock = timeline.clock
        let account = Account(log: log)
        try timeline.runScenario {
            Task { @MainActor in
                async let first: Int = {
                    try? await clock.sleep(for: .milliseconds(20))
                    return await account.deposit(10, by: "first")
                }()
                async let second: Int = {
                    let early = await account.deposit(1, by: "second")
                    try? await clock.sleep(for: .milliseconds(10))
                    return early + (await account.deposit(5, by: "second"))
                }()
                let total = await first + second
                log.add("total \(total)")
            }
            try timeline.run()
        }

        // Then the deposits happened in virtual-time order
        XCTAssertEqual(
            log.lines,
            [
                "0.000s second deposited 1, balance 1", "0.010s second deposited 5, balance 6",
                "0.020s first deposited 10, balance 16", "0.020s total 23",
            ])
    }

    func testAsyncStreamElementsArriveAtTheirVirtualInstants() throws {
        // Given a producer that yields every 100ms on the virtual clock and a MainActor consumer
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let clock = timeline.clock
        try timeline.runScenario {
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            Task { @MainActor in
                for await value in stream { log.add("received \(value)") }
                log.add("stream finished")
            }
            Task {
                for value in 1...3 {
                    try? await clock.sleep(for: .milliseconds(100))
                    log.add("yield \(value)")
                    continuation.yield(value)
                }
                continuation.finish()
            }
            try timeline.run()
        }

        // Then every element is received at the instant it was produced
        XCTAssertEqual(
            log.lines,
            [
                "0.100s yield 1", "0.100s received 1", "0.200s yield 2", "0.200s received 2", "0.300s yield 3",
                "0.300s received 3", "0.300s stream finished",
            ])
    }
}
