import Dispatch
import Foundation
import Testing
import VirtualTime

/// A `DispatchWorkItem` cancelled before its deadline is dead work: nothing the scenario must wait for or be told
/// about. Evidence: Apple's documentation of `DispatchWorkItem.cancel()` ("cancellation causes future attempts to
/// execute the work item to return immediately").
@Suite struct DispatchWorkItemTests {
    @Test func aDebounceThatCancelsAndReschedulesItsWorkItemLeavesOnlyTheLiveItemPending() throws {
        // Given the classic debounce of a search field: each keystroke cancels the pending work item and schedules a
        // new one 300ms later on the main queue; the field is cleared (the last item cancelled) at 0.250s
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        var pendingAt: [String] = []
        try timeline.runScenario {
            var pending: DispatchWorkItem?
            func type(_ text: String) {
                pending?.cancel()
                let item = DispatchWorkItem { log.add("search '\(text)'") }
                pending = item
                DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300), execute: item)
            }
            type("s")
            try timeline.advance(to: .milliseconds(100))
            type("sw")
            try timeline.advance(to: .milliseconds(200))
            type("swi")
            pendingAt.append(timeline.pendingWork().description)

            // When the field is cleared before the last deadline
            try timeline.advance(to: .milliseconds(250))
            pending?.cancel()
            pendingAt.append(timeline.pendingWork().description)
            try timeline.run()
        }

        // Then only the live item counted as pending, nothing once it was cancelled, and no search ran
        #expect(
            pendingAt == [
                "pending work at 0.200s:\n  timer: DispatchQueue.main.asyncAfter at 0.500s (cause 'setup')",
                "pending work at 0.250s:\n  nothing",
            ])
        #expect(log.lines == [])
    }

    @Test func aCancelledFarFutureWorkItemIsNoRunawayButALiveOneIs() throws {
        // Given a session that schedules its expiry two hours ahead, and is logged out (the item cancelled) at 1.000s
        let timeline = VirtualEventLoop(limits: VirtualTimeLimits(maxTime: .seconds(60)))
        let log = EventLog(timeline)
        var caught: VirtualTimeError?
        try timeline.runScenario {
            let expiry = DispatchWorkItem { log.add("session expired") }
            DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(7_200), execute: expiry)
            try timeline.advance(to: .seconds(1))
            expiry.cancel()

            // When the timeline runs until nothing is left, under a one-minute limit
            try timeline.run()

            // (and the same with a live item, which is a runaway)
            DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(7_200)) { log.add("live expiry") }
            do { try timeline.run() } catch let error as VirtualTimeError { caught = error }
        }

        // Then the cancelled item ran nothing and tripped no limit; the live one did
        #expect(log.lines == [])
        #expect(
            caught?.description == """
                virtual time limit 1m00.000s reached: DispatchQueue.main.asyncAfter from cause 'setup' is still scheduled, \
                next at 4h00m00.000s
                  hint: cancel the repeating work or the sleeping task when the scenario is over, or raise the time \
                limit
                """)
    }
}
