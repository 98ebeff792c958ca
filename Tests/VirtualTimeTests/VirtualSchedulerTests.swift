import CombineCompat
import RehearsalBase
import Testing
import VirtualTime

/// The timeline and its Combine scheduler without the executor: pure data-structure behaviour.
@Suite struct VirtualSchedulerTests {
    @Test func runsWorkByInstantThenSchedulingOrderAndNeverEarly() throws {
        // Given work scheduled out of order, some at the same instant, some "now"
        let timeline = VirtualEventLoop()
        let scheduler = timeline.scheduler
        let log = EventLog(timeline)
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) { log.add("A") }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(100))) { log.add("B") }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) { log.add("C") }
        scheduler.schedule { log.add("now 1") }
        scheduler.schedule {
            log.add("now 2")
            scheduler.schedule { log.add("now 2 → immediate") }
        }

        // When time advances in two hops
        try timeline.advance(by: .milliseconds(250))
        log.add("--")
        try timeline.advance(to: .seconds(1))

        // Then work ran in (instant, sequence) order, immediate work at the same instant, and time stopped at 1.000s
        #expect(
            log.lines == [
                "0.000s now 1", "0.000s now 2", "0.000s now 2 → immediate", "0.100s B", "0.250s --", "0.300s A",
                "0.300s C",
            ])
        #expect(timeline.now == .seconds(1))
    }

    @Test func pastDeadlinesRunAtTheCurrentInstant() throws {
        // Given a timeline at 2.000s and work scheduled for 1s
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.advance(by: .seconds(2))
        timeline.scheduler.schedule(after: .init(nanoseconds: 1_000_000_000)) { log.add("late") }

        // When it runs
        try timeline.run()

        // Then it ran at 2.000s, not in the past
        #expect(log.lines == ["2.000s late"])
    }

    @Test func repeatingWorkRepeatsUntilCancelled() throws {
        // Given a repeating timer every 250ms from 0.100s, cancelled by a one-shot at 0.700s
        let timeline = VirtualEventLoop()
        let scheduler = timeline.scheduler
        let log = EventLog(timeline)
        let repeating = scheduler.schedule(
            after: scheduler.now.advanced(by: .milliseconds(100)), interval: .milliseconds(250)
        ) { log.add("tick") }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(700))) {
            log.add("cancel")
            repeating.cancel()
        }

        // When the timeline runs until idle
        try timeline.run()

        // Then the ticks stop at the cancellation, and nothing is left pending
        #expect(log.lines == ["0.100s tick", "0.350s tick", "0.600s tick", "0.700s cancel"])
        #expect(timeline.pendingWork().timers.isEmpty)
    }

    @Test func nextDueSkipsCancelledTimers() throws {
        // Given a repeating timer at 0.100s, cancelled, and a one-shot at 0.250s
        let timeline = VirtualEventLoop()
        let scheduler = timeline.scheduler
        let repeating = scheduler.schedule(
            after: scheduler.now.advanced(by: .milliseconds(100)), interval: .seconds(1)
        ) {}
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(250))) {}
        let before = timeline.nextDue

        // When the repeating timer is cancelled, and later when everything has run
        repeating.cancel()
        let afterCancel = timeline.nextDue
        try timeline.run()

        // Then the next due instant follows the live timers only
        #expect([before, afterCancel, timeline.nextDue] == [.milliseconds(100), .milliseconds(250), nil])
    }

    @Test func timeNeverMovesBackwards() throws {
        // Given a timeline at 2.000s
        let timeline = VirtualEventLoop()
        try timeline.advance(to: .seconds(2))

        // When asked to go back, Then the error says so
        #expect(throws: VirtualTimeError.timeWentBackwards(now: .seconds(2), requested: .seconds(1))) {
            try timeline.advance(to: .seconds(1))
        }
        let error = VirtualTimeError.timeWentBackwards(now: .seconds(2), requested: .seconds(1))
        #expect(
            error.description == "cannot advance to 1.000s: virtual time is already 2.000s and never moves backwards")
    }

    @Test func anEndlessRepeatingTimerHitsTheTimeLimitWithAClearReport() throws {
        // Given a repeating timer nobody cancels, started by "step 3", and a 10s limit
        let timeline = VirtualEventLoop(limits: VirtualTimeLimits(maxTime: .seconds(10)))
        let scheduler = timeline.scheduler
        var ticks = 0
        let timer = timeline.withCause("step 3") {
            scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { ticks += 1 }
        }

        // When the timeline runs until idle
        let error = #expect(throws: VirtualTimeError.self) { try timeline.run() }

        // Then it stops at the limit and names the timer and its cause
        #expect(ticks == 11)
        #expect(timeline.now == .seconds(10))
        #expect(
            error?.description == """
                virtual time limit 10.000s reached: repeating VirtualScheduler.schedule every 1.000s from cause 'step 3' \
                is still scheduled, next at 11.000s
                  hint: cancel the repeating work or the sleeping task when the scenario is over, or raise the time limit
                """)
        timer.cancel()
    }

    @Test func workThatReschedulesItselfAtTheSameInstantHitsTheStepLimit() throws {
        // Given an action that always schedules itself again "now", and a limit of 100 steps
        let timeline = VirtualEventLoop(limits: VirtualTimeLimits(maxSteps: 100))
        let scheduler = timeline.scheduler
        func again() { scheduler.schedule { again() } }
        timeline.withCause("step 1") { again() }

        // When time advances
        let error = #expect(throws: VirtualTimeError.self) { try timeline.advance(by: .seconds(1)) }

        // Then the report names what kept running, and time did not pass
        #expect(
            error?.description == """
                step limit 100 reached at 0.000s without virtual time passing; what kept running:
                  VirtualScheduler.schedule (cause 'step 1') ×32
                  hint: look for a task or timer that reschedules itself at the same instant
                """)
        #expect(timeline.now == .zero)
    }

    @Test func causesAreAttachedToTimersAndInheritedByTheWorkTheySchedule() throws {
        // Given a step that schedules a timer which schedules another one
        let timeline = VirtualEventLoop()
        let scheduler = timeline.scheduler
        timeline.withCause("step 2") {
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {
                scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {}
            }
        }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5))) {}

        // When the first timer has fired
        try timeline.advance(by: .seconds(1))

        // Then the pending work lists both remaining timers with their causes
        #expect(
            timeline.pendingWork().description == """
                pending work at 1.000s:
                  timer: VirtualScheduler.schedule at 2.000s (cause 'step 2')
                  timer: VirtualScheduler.schedule at 5.000s (cause 'setup')
                """)
    }

    @Test(arguments: [
        (Int64(0), "0.000s"), (15, "0.000000015s"), (2_000, "0.000002s"), (250_000_000, "0.250s"),
        (1_250_000, "0.001250s"), (1_500_000_000, "1.500s"), (120_000_000_000, "2m00.000s"),
        (3_600_500_000_000, "1h00m00.500s"), (61_000_000_000, "1m01.000s"),
    ])
    func instantsPrintAsScenarioDurations(nanoseconds: Int64, text: String) throws {
        // The one text form of time: what a scenario file can contain, and parses back to the same instant
        #expect(VirtualScheduler.SchedulerTimeType(nanoseconds: nanoseconds).description == text)
        #expect(try ScenarioDuration(parsing: text).nanoseconds == nanoseconds)
    }

    @Test func strideConvertsLikeDispatchQueueStrides() {
        typealias Stride = VirtualScheduler.SchedulerTimeType.Stride
        let literal: Stride = 2
        let strides: [Stride] = [
            .seconds(1), .seconds(0.25), .milliseconds(300), .microseconds(5), .nanoseconds(7), literal,
            .milliseconds(300) - .seconds(1), Stride(.milliseconds(1500)),
        ]
        #expect(
            strides.map(\.nanoseconds) == [
                1_000_000_000, 250_000_000, 300_000_000, 5_000, 7, 2_000_000_000, -700_000_000, 1_500_000_000,
            ])
        let start = VirtualScheduler.SchedulerTimeType(nanoseconds: 1_000)
        #expect(start.advanced(by: .nanoseconds(-5_000)).nanoseconds == 0)
        #expect(start.distance(to: .init(nanoseconds: 400)) == .nanoseconds(-600))
    }
}
