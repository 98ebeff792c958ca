import Dispatch
import Foundation
import RehearsalBase
import Testing
import VirtualTime

/// System time inside `runScenario`: `Task.sleep`, the clocks and `Date()` read virtual time, with no injected
/// clock. These run in Swift Testing bodies, off the main thread, in parallel with other tests (scenarios are
/// serialised process-wide).
@Suite struct SystemTimeTests {
    @Test func everyTaskSleepWakesAtItsExactVirtualInstant() throws {
        // Given a MainActor task that sleeps with each of Swift's sleep APIs in turn
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            Task { @MainActor in
                try await Task.sleep(for: .milliseconds(300))
                log.add("Task.sleep(for:)")
                try await Task.sleep(nanoseconds: 200_000_000)
                log.add("Task.sleep(nanoseconds:)")
                try await Task.sleep(until: .now + .milliseconds(50), clock: .continuous)
                log.add("Task.sleep(until:clock: .continuous)")
                try await ContinuousClock().sleep(for: .seconds(1))
                log.add("ContinuousClock().sleep(for:)")
                try await SuspendingClock().sleep(until: .now + .milliseconds(450))
                log.add("SuspendingClock().sleep(until:)")
                try await Task.sleep(for: .zero)
                log.add("Task.sleep(for: .zero)")
            }

            // When the timeline runs until nothing is left
            try timeline.run()
        }

        // Then each woke at exactly the virtual instant it asked for
        #expect(
            log.lines == [
                "0.300s Task.sleep(for:)", "0.500s Task.sleep(nanoseconds:)",
                "0.550s Task.sleep(until:clock: .continuous)",
                "1.550s ContinuousClock().sleep(for:)", "2.000s SuspendingClock().sleep(until:)",
                "2.000s Task.sleep(for: .zero)",
            ])
        #expect(timeline.systemTime == .virtual)
    }

    @Test func clocksAndDatesReadTheVirtualInstant() throws {
        // Given a scenario whose wall clock starts at 2026-03-01T08:30:00Z
        let start = try ScenarioTimestamp(parsing: "2026-03-01T08:30:00Z")
        let timeline = VirtualEventLoop(wallClockStart: start)
        var readings: [String] = []
        try timeline.runScenario {
            let continuous = ContinuousClock.now
            let suspending = SuspendingClock.now
            let uptime = DispatchTime.now().uptimeNanoseconds

            // When 90 seconds of virtual time pass
            try timeline.advance(by: .seconds(90))

            // Then every clock moved by exactly 90s, and the wall clock reads the scenario's start plus 1m30.000s
            readings = [
                "\(continuous.duration(to: .now))", "\(suspending.duration(to: .now))",
                "\(DispatchTime.now().uptimeNanoseconds - uptime)", "\(uptime)",
                Date().formatted(.iso8601), Date.now.formatted(.iso8601),
                "\(ProcessInfo.processInfo.systemUptime)",
            ]
        }
        #expect(
            readings == [
                "90.0 seconds", "90.0 seconds", "90000000000", "1000000000", "2026-03-01T08:31:30Z",
                "2026-03-01T08:31:30Z", "91.0",
            ])
    }

    @Test func aDebounceWithTaskSleepAndDateStampsIsVirtualAndExact() throws {
        // Given a ViewModel that debounces with Task.sleep and stamps searches with Date()
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            let viewModel = MainActor.assumeIsolated { DebouncingSearchViewModel(log: log) }

            // When keystrokes arrive at 0, 100ms and 1s
            for (instant, text) in [(0, "s"), (100, "sw"), (1_000, "swift")] as [(Int64, String)] {
                try timeline.advance(to: .milliseconds(instant))
                MainActor.assumeIsolated { viewModel.type(text) }
                try timeline.settle()
            }
            try timeline.run()
        }

        // Then each search ran 300ms after the last keystroke before it, stamped with the virtual wall clock
        #expect(
            log.lines == [
                "0.100s debounce of 's' cancelled", "0.400s search 'sw' at 2026-01-01T09:00:00Z",
                "1.300s search 'swift' at 2026-01-01T09:00:01Z",
            ])
    }

    @Test func aJobThatBurnsRealTimeBeforeHandingOverItsDeadlineStillWakesExactly() throws {
        // Given a task that computes a deadline, then burns at least 5ms of real CPU time before sleeping until it
        // (as a job preempted on a loaded machine would)
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            Task {
                let deadline = ContinuousClock.now + .milliseconds(300)
                let started = RealClock.monotonicNanoseconds
                var spins = 0
                while RealClock.monotonicNanoseconds - started < 5_000_000 { spins += 1 }
                log.add("burnt \(spins > 0 ? "real" : "no") time")
                try await Task.sleep(until: deadline, clock: .continuous)
                log.add("woke")
            }
            try timeline.run()
        }

        // Then no virtual time passed while it burnt real time, and it woke at exactly 300ms
        #expect(log.lines == ["0.000s burnt real time", "0.300s woke"])
    }

    @Test func withSystemTimeSwitchedOffOnlyTheInjectedClockIsVirtual() throws {
        // Given system time switched off, a task sleeping on the injected clock and one on Task.sleep
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let clock = timeline.clock
        var wallClockGap: Double = .infinity
        try timeline.runScenario(virtualizesSystemTime: false) {
            timeline.withCause("step 1") {
                Task {
                    try await clock.sleep(for: .milliseconds(300))
                    log.add("injected clock woke")
                }
                Task {
                    try await Task.sleep(for: .milliseconds(300))
                    log.add("Task.sleep woke")
                }
            }
            try timeline.run()
            wallClockGap = abs(Date().timeIntervalSince1970 - Double(RealClock.wallClockNanoseconds) / 1e9)
        }

        // Then the result says so, the injected clock worked, Date() was real, and the real sleep is reported
        #expect(timeline.systemTime == .real(.switchedOff))
        #expect(log.lines == ["0.300s injected clock woke"])
        #expect(wallClockGap < 1)
        #expect(timeline.timeSourceFindings.map(\.kind) == [.realSleep])
        #expect(timeline.timeSourceFindings.map(\.cause) == ["step 1"])
    }
}
