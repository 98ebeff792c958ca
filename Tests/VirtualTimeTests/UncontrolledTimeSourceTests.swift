import Dispatch
import Foundation
import Testing
import VirtualTime

/// Time sources the timeline cannot control: each is reported, attributed to its cause, and never hangs the run.
@Suite struct UncontrolledTimeSourceTests {
    @Test func threadSleepsReturnAtOnceMoveVirtualTimeAndAreReported() throws {
        // Given work of step 2 that blocks its thread: Thread.sleep for 500ms, then usleep for 20ms twice
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let started = RealClock.monotonicNanoseconds
        try timeline.runScenario {
            try timeline.withCause(.step(2)) {
                DispatchQueue.main.async {
                    Thread.sleep(forTimeInterval: 0.5)
                    log.add("after Thread.sleep")
                    usleep(20_000)
                    usleep(20_000)
                    log.add("after usleep")
                }
                try timeline.settle()
            }
        }

        // Then no real time was spent sleeping, virtual time moved on by the sleeps, and each kind is reported once
        #expect(RealClock.monotonicNanoseconds - started < 400_000_000)
        #expect(log.lines == ["0.500s after Thread.sleep", "0.540s after usleep"])
        #expect(
            timeline.timeSourceFindings.map { "\($0.cause) \($0)" } == [
                "step 2 blocked the scenario thread for 0.500s in a thread sleep (nanosleep) at 0.000s; virtual time "
                    + "moved on by as much",
                "step 2 blocked the scenario thread for 0.040s in 2 thread sleeps (usleep) from 0.500s; virtual time "
                    + "moved on by as much",
            ])
    }

    @Test func timersOnRealClocksAreReportedAndNeverFire() throws {
        // Given a Foundation Timer on the run loop and a DispatchSource timer, started by step 1
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        var source: DispatchSourceTimer?
        try timeline.runScenario {
            timeline.withCause(.step(1)) {
                _ = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in log.add("timer fired") }
                let timer = DispatchSource.makeTimerSource(queue: .main)
                timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
                timer.setEventHandler { log.add("source fired") }
                timer.resume()
                source = timer
            }
            try timeline.run()
        }
        source?.cancel()

        // Then neither fired, and both are reported at step 1
        #expect(log.lines == [])
        #expect(timeline.timeSourceFindings.map(\.kind) == [.runLoopTimer, .dispatchSourceTimer])
        #expect(timeline.timeSourceFindings.map(\.cause) == [.step(1), .step(1)])
    }

    @Test func waitsThatWouldBlockTheScenarioThreadReturnTimedOut() throws {
        // Given step 3 waiting on a semaphore that a block on a global queue would signal, and on a group
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            try timeline.withCause(.step(3)) {
                let semaphore = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    log.add("signalling")
                    semaphore.signal()
                }
                log.add("semaphore: \(semaphore.wait(timeout: .distantFuture))")
                let group = DispatchGroup()
                group.enter()
                log.add("group: \(group.wait(timeout: .now() + 1))")
                group.leave()
                try timeline.settle()
                log.add("semaphore after the timeline ran: \(semaphore.wait(timeout: .now()))")
            }
        }

        // Then the waits returned timed out at once (the work that ends them runs later, on the same thread)
        #expect(
            log.lines == [
                "0.000s semaphore: timedOut", "0.000s group: timedOut", "0.000s signalling",
                "0.000s semaphore after the timeline ran: success",
            ])
        #expect(
            timeline.timeSourceFindings.map(\.kind) == [
                .blockingWait("DispatchSemaphore.wait"), .blockingWait("DispatchGroup.wait"),
            ])
    }

    @Test func mainSyncFromTheMainQueueRunsInlineAndIsReported() throws {
        // Given a main-queue block that calls DispatchQueue.main.sync (a deadlock on a device)
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            DispatchQueue.main.async {
                DispatchQueue.main.sync { log.add("inner sync") }
                log.add("after sync")
            }
            try timeline.settle()
        }

        // Then the block ran inline and the deadlock is reported
        #expect(log.lines == ["0.000s inner sync", "0.000s after sync"])
        #expect(timeline.timeSourceFindings.map(\.kind) == [.mainSyncFromMain])
    }

    @Test func whenTheInterpositionIsNotInEffectTheRunFallsBackToRealTimeAndSaysWhy() throws {
        // Given a thread whose clock interposers do not act (as in a binary that does not export its symbols)
        InterpositionSimulation.simulateMissing(true)
        defer { InterpositionSimulation.simulateMissing(false) }
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let clock = timeline.clock

        // When a scenario runs there
        try timeline.runScenario {
            Task {
                try await clock.sleep(for: .seconds(1))
                log.add("injected clock woke")
            }
            Task {
                try await Task.sleep(for: .seconds(1))
                log.add("Task.sleep woke")
            }
            try timeline.run()
        }

        // Then the self-check saw it, system time was real, and the injected clock still worked
        #expect(
            timeline.systemTime == .real(.notInterposed(detail: "ContinuousClock.now did not follow the virtual clock"))
        )
        #expect(log.lines == ["1.000s injected clock woke"])
        #expect(timeline.timeSourceFindings.map(\.kind) == [.realSleep])
    }
}
