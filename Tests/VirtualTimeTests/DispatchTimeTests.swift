import Dispatch
import Foundation
import Testing
import VirtualTime

/// `DispatchQueue` called directly, inside a scenario: blocks land on the timeline at their virtual instant.
/// Evidence for the expected behaviour: Apple's documentation of `DispatchQueue.async` (submits for asynchronous
/// execution, FIFO on a serial queue), `asyncAfter(deadline:)`/`asyncAfter(wallDeadline:)` (executes at the
/// time), `sync` (runs before returning), `DispatchWorkItem.cancel()` ("cancellation causes future attempts to
/// execute the work item to return immediately"), `DispatchGroup.notify` (runs once all the group's tasks are done).
@Suite struct DispatchTimeTests {
    @Test func asyncAfterAndQueueHopsOfAViewModelRunAtTheirVirtualInstants() throws {
        // Given a ViewModel that hides a toast with asyncAfter and loads on a global queue, back on main
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let viewModel = DispatchingViewModel(log: log)
        try timeline.runScenario {
            // When it shows the toast at 0 and loads at 0.500s
            viewModel.showToast()
            try timeline.advance(to: .milliseconds(500))
            viewModel.load()
            try timeline.run()
        }

        // Then the global block ran at once, the main block after it, MainActor-isolated, and the toast hid at 2.000s
        #expect(
            log.lines == [
                "0.000s toast shown", "0.500s loading on a global queue",
                "0.500s back on main, MainActor isolated: true",
                "2.000s toast hidden",
            ])
    }

    @Test func everyDeadlineFormCountsFromTheVirtualClock() throws {
        // Given blocks for the main queue, a global queue and a custom serial queue, with uptime and wall deadlines
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let serial = DispatchQueue(label: "serial")
        try timeline.runScenario {
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { log.add("main +300ms") }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { log.add("global +0.1s") }
            serial.asyncAfter(wallDeadline: .now() + 1.5) { log.add("serial wall +1.5s") }
            DispatchQueue.main.asyncAfter(deadline: .distantFuture) { log.add("never") }
            for index in 1...3 { serial.async { log.add("serial \(index)") } }
            serial.async(flags: .barrier) { log.add("serial barrier") }

            // When the timeline runs until nothing is left
            try timeline.run()
        }

        // Then each ran at its instant, the serial queue in order, and the distant-future block never
        #expect(
            log.lines == [
                "0.000s serial 1", "0.000s serial 2", "0.000s serial 3", "0.000s serial barrier", "0.100s global +0.1s",
                "0.300s main +300ms", "1.500s serial wall +1.5s",
            ])
        #expect(timeline.nextDue == nil)
    }

    @Test func aCancelledWorkItemNeverRunsAndSyncRunsAtOnce() throws {
        // Given work items queued on the main queue, one cancelled before the timeline runs, and a sync call
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let queue = DispatchQueue(label: "custom")
        try timeline.runScenario {
            let kept = DispatchWorkItem { log.add("kept item") }
            let cancelled = DispatchWorkItem { log.add("cancelled item") }
            DispatchQueue.main.async(execute: kept)
            DispatchQueue.main.asyncAfter(deadline: .now() + 1, execute: cancelled)
            let answer = queue.sync { () -> Int in
                log.add("sync block")
                return 42
            }
            log.add("sync returned \(answer)")
            cancelled.cancel()

            // When the timeline runs
            try timeline.run()
        }

        // Then the sync block ran before sync returned, the kept item ran, the cancelled one did not
        #expect(log.lines == ["0.000s sync block", "0.000s sync returned 42", "0.000s kept item"])
    }

    @Test func aGroupNotifiesOnceItsBlocksRanAtTheirInstants() throws {
        // Given a group with a block on a global queue, one entered by hand and left after a delay, and a notify
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        try timeline.runScenario {
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { log.add("group block") }
            group.enter()
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(700)) {
                log.add("leaving")
                group.leave()
            }
            group.notify(queue: .main) { log.add("notified") }

            // When the timeline runs
            try timeline.run()
        }

        // Then notify ran once the group was empty, at 0.700s
        #expect(log.lines == ["0.000s group block", "0.700s leaving", "0.700s notified"])
    }
}
