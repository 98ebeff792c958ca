import CombineCompat
import Foundation
import VirtualTime
import XCTest

/// An actor to bounce between, so a MainActor loop keeps enqueuing jobs without ever letting time pass.
actor Pinger {
    func ping() {}
}

/// `runScenario`: installation and restoration, one scenario at a time per process, runaway limits and accounting.
final class ScenarioRunTests: XCTestCase {
    func testSchedulerRedirectionIsInstalledOnlyWhileTheScenarioRuns() throws {
        // Given a timeline, and work scheduled through the redirection seam the real-time schedulers use
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        XCTAssertNil(SchedulerRedirection.current)
        var repeating: Cancellable?
        final class Seen: @unchecked Sendable { var target: SchedulerRedirectTarget? }
        let seenByAnotherThread = Seen()
        // (system time real, so that this thread can really wait for the other one)
        try timeline.runScenario(virtualizesSystemTime: false) {
            XCTAssertTrue(SchedulerRedirection.current === timeline)
            let done = DispatchSemaphore(value: 0)
            Thread {
                seenByAnotherThread.target = SchedulerRedirection.current
                done.signal()
            }.start()
            done.wait()
            let target = try XCTUnwrap(SchedulerRedirection.current)
            target.schedule(atNanoseconds: 200_000_000) { log.add("after 200ms") }
            target.schedule { log.add("immediately") }
            repeating = target.schedule(atNanoseconds: 100_000_000, everyNanoseconds: 100_000_000) {
                log.add("every 100ms")
            }

            // When time advances, then the repetition is cancelled
            try timeline.advance(by: .milliseconds(250))
            repeating?.cancel()
            try timeline.advance(by: .seconds(1))
        }

        // Then the work ran at virtual instants, other threads kept real time, and the redirection is gone afterwards
        XCTAssertNil(seenByAnotherThread.target)
        XCTAssertEqual(
            log.lines,
            [
                "0.000s immediately", "0.100s every 100ms", "0.200s after 200ms", "0.200s every 100ms",
            ])
        XCTAssertNil(SchedulerRedirection.current)
    }

    func testEverythingIsRestoredWhenTheScenarioThrows() throws {
        // Given a scenario body that fails
        struct ScriptFailed: Error {}
        let timeline = VirtualEventLoop()

        // When it throws
        XCTAssertThrowsError(try timeline.runScenario { throw ScriptFailed() }) { error in
            XCTAssertTrue(error is ScriptFailed)
        }

        // Then the redirection is removed and another scenario can run
        XCTAssertNil(SchedulerRedirection.current)
        XCTAssertNoThrow(try VirtualEventLoop().runScenario {})
    }

    func testAScenarioCannotStartInsideAnotherOnTheSameThread() throws {
        // Given a running scenario
        let outer = VirtualEventLoop()
        try outer.runScenario {
            // When the same thread tries to run another one, Then it is refused with a clear error (waiting for
            // the slot would deadlock)
            XCTAssertThrowsError(try VirtualEventLoop().runScenario {}) { error in
                XCTAssertEqual(
                    "\(error)",
                    """
                    this thread already drives a scenario (runScenario was called inside another run)
                      hint: run the scenarios one after the other; scenarios on other threads wait their turn
                    """)
            }
            XCTAssertTrue(SchedulerRedirection.current === outer)
        }
    }

    func testATaskThatNeverLetsTimePassHitsTheStepLimitWithAClearReport() throws {
        // Given a MainActor task, started by "step 1", that bounces on an actor forever
        let timeline = VirtualEventLoop(limits: VirtualTimeLimits(maxSteps: 1_000))
        let pinger = Pinger()
        var caught: Error?
        try timeline.runScenario {
            var runaway: Task<Void, Never>?

            // When the step settles
            XCTAssertThrowsError(
                try timeline.withCause("step 1") {
                    runaway = Task { @MainActor in
                        while !Task.isCancelled { await pinger.ping() }
                    }
                    try timeline.settle()
                }
            ) { caught = $0 }

            // (then the runaway is stopped, so it does not outlive the test)
            runaway?.cancel()
            try timeline.settle()
        }

        // Then the report names the kind of work and its cause, at the instant it got stuck
        XCTAssertEqual(
            caught.map { "\($0)" },
            """
            step limit 1000 reached at 0.000s without virtual time passing; what kept running:
              MainActor job (cause 'step 1') ×16
              task job (cause 'step 1') ×16
              hint: look for a task or timer that reschedules itself at the same instant
            """)
        XCTAssertEqual(timeline.now, .zero)
    }

    func testATaskPollingForeverOnTheVirtualClockHitsTheTimeLimitWithAClearReport() throws {
        // Given a task, started by "step 4", that polls every second forever, and a one-minute limit
        let timeline = VirtualEventLoop(limits: VirtualTimeLimits(maxTime: .seconds(60)))
        let clock = timeline.clock
        let log = EventLog(timeline)
        var caught: Error?
        try timeline.runScenario {
            let poller = timeline.withCause("step 4") {
                Task {
                    var polls = 0
                    while (try? await clock.sleep(for: .seconds(1))) != nil { polls += 1 }
                    log.add("stopped after \(polls) polls")
                }
            }

            // When the timeline runs until idle
            XCTAssertThrowsError(try timeline.run()) { caught = $0 }

            // (then the poller is cancelled, so it does not outlive the test)
            poller.cancel()
            try timeline.settle()
        }

        // Then it stopped at the limit, naming the sleep and the step that started it
        XCTAssertEqual(
            caught.map { "\($0)" },
            """
            virtual time limit 1m00.000s reached: VirtualClock.sleep from cause 'step 4' is still scheduled, next at 1m01.000s
              hint: cancel the repeating work or the sleeping task when the scenario is over, or raise the time limit
            """)
        XCTAssertEqual(log.lines, ["1m00.000s stopped after 60 polls"])
    }

    func testPendingWorkSaysWhichCausesStillHaveSuspendedTasksAndWhy() throws {
        // Given a task sleeping on the virtual clock (step 2) and one awaiting a continuation nobody resumes
        // (step 3), with step 1's tasks all finished
        let timeline = VirtualEventLoop()
        let clock = timeline.clock
        let (stream, _) = AsyncStream.makeStream(of: Int.self)
        var pending: PendingWork?
        var cleanup: [Task<Void, Never>] = []
        try timeline.runScenario {
            timeline.withCause("step 1") {
                Task { @MainActor in _ = await fetch("x", latency: .zero, clock: clock, log: EventLog(timeline)) }
            }
            timeline.withCause("step 2") {
                cleanup.append(Task.detached { try? await clock.sleep(for: .seconds(5)) })
                cleanup.append(Task { try? await clock.sleep(for: .seconds(5)) })
            }
            timeline.withCause("step 3") {
                cleanup.append(Task { @MainActor in for await _ in stream {} })
            }

            // When the scenario has settled at 1.000s
            try timeline.advance(to: .seconds(1))
            pending = timeline.pendingWork()
            for task in cleanup { task.cancel() }
            try timeline.run()
        }

        // Then step 2 is sleeping on the virtual clock and step 3 is stalled outside virtual time
        XCTAssertEqual(
            pending?.description,
            """
            pending work at 1.000s:
              timer: VirtualClock.sleep at 5.000s (cause 'step 2')
              timer: VirtualClock.sleep at 5.000s (cause 'step 2')
              task started by 'step 2' has not finished: sleeping on the virtual clock
              task started by 'step 3' has not finished: suspended on something no virtual event will resume \
            (a continuation never resumed, or a real clock)
            """)
        XCTAssertEqual(pending?.stalledCauses, ["step 3"])
        XCTAssertEqual(pending?.jobs["step 2"], PendingWork.JobCount(enqueued: 2, finished: 2))
        XCTAssertEqual(timeline.pendingWork().isIdle, true)
    }

    func testWithSystemTimeRealATaskSleepIsHeldAndReportedAsStalled() throws {
        // Given system time switched off, and a task, started by "step 7", that sleeps with Task.sleep
        let timeline = VirtualEventLoop()
        var pending: PendingWork?
        try timeline.runScenario(virtualizesSystemTime: false) {
            let sleeper = timeline.withCause("step 7") {
                Task { try? await Task.sleep(for: .seconds(3600)) }
            }

            // When the scenario has settled
            try timeline.settle()
            pending = timeline.pendingWork()
            sleeper.cancel()
            try timeline.settle()
        }

        // Then no virtual timer is pending, step 7 has an unfinished task, and the real sleep is reported
        XCTAssertEqual(pending?.timers, [])
        XCTAssertEqual(pending?.stalledCauses, ["step 7"])
        XCTAssertEqual(timeline.systemTime, .real(.switchedOff))
        XCTAssertEqual(
            timeline.timeSourceFindings.map { "\($0.cause) \($0)" },
            [
                "step 7 slept on a real clock (Task.sleep or a ContinuousClock/SuspendingClock sleep) at 0.000s while "
                    + "system time is real; the task never wakes during the scenario"
            ])
    }

    func testATaskSleepIsAVirtualTimerThatCancellationRemoves() throws {
        // Given a task, started by "step 7", that sleeps an hour with Task.sleep (no injected clock)
        let timeline = VirtualEventLoop()
        var pending: PendingWork?
        try timeline.runScenario {
            let sleeper = timeline.withCause("step 7") {
                Task { try? await Task.sleep(for: .seconds(3600)) }
            }

            // When the scenario has settled, then the task is cancelled
            try timeline.settle()
            pending = timeline.pendingWork()
            sleeper.cancel()
            try timeline.run()
        }

        // Then the sleep was a virtual timer of step 7 at 1h00m00.000s; cancelling removed it without time passing
        XCTAssertEqual(
            pending?.timers, [PendingWork.Timer(at: .hours(1), what: "Task.sleep", cause: "step 7", isSleep: true)])
        XCTAssertEqual(pending?.stalledCauses, [])
        XCTAssertEqual(timeline.now, .zero)
        XCTAssertEqual(timeline.pendingWork().unfinishedTaskCauses, [])
        XCTAssertEqual(timeline.pendingWork().timers, [])
    }
}
