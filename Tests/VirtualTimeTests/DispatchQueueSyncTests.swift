import Dispatch
import Foundation
import Testing
import VirtualTime

/// The thread-safe store iOS code bases write around a concurrent queue: writes are barrier blocks, reads are `sync`.
private final class SettingsStore: @unchecked Sendable {
    private let queue = DispatchQueue(label: "settings", attributes: .concurrent)
    private var values: [String: String] = [:]

    func set(_ value: String, for key: String) {
        queue.async(flags: .barrier) { self.values[key] = value }
    }

    func value(for key: String) -> String? {
        queue.sync { values[key] }
    }
}

/// `sync` on a queue waits for the blocks queued on it before. Evidence: Apple's documentation of `.barrier` ("work
/// items submitted prior to the barrier execute to completion, at which point the barrier work item executes. Once
/// the barrier work item finishes, the queue returns to scheduling work items that were submitted after the
/// barrier"), of `DispatchQueue.sync` ("submits a work item for execution and returns the results from that item
/// after it finishes executing"), and of serial queues (one block at a time, in the order they were added).
@Suite struct DispatchQueueSyncTests {
    @Test func aReadThroughSyncSeesTheBarrierWriteQueuedBeforeIt() throws {
        // Given a ViewModel that saves a setting into the store, then reads it back at once
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let store = SettingsStore()
        try timeline.runScenario {
            // When it writes and reads
            store.set("dark", for: "theme")
            log.add("theme is \(store.value(for: "theme") ?? "unset")")
            try timeline.run()
        }

        // Then the read saw the write, as on a device
        #expect(log.lines == ["0.000s theme is dark"])
    }

    @Test func syncOnASerialQueueRunsAfterTheBlocksQueuedBeforeItAndBeforeThoseQueuedAfter() throws {
        // Given a serial queue with two blocks queued, the first of which queues a third on the same queue
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let serial = DispatchQueue(label: "serial")
        try timeline.runScenario {
            serial.async {
                log.add("first")
                serial.async { log.add("queued by first") }
            }
            serial.async { log.add("second") }

            // When the scenario thread calls sync on it
            serial.sync { log.add("sync block") }
            log.add("sync returned")
            try timeline.run()
        }

        // Then the queue ran in submission order: the sync block after the two before it, before the one queued later
        #expect(
            log.lines == [
                "0.000s first", "0.000s second", "0.000s sync block", "0.000s sync returned", "0.000s queued by first",
            ])
    }

    @Test func mainSyncFromABackgroundBlockRunsAfterTheMainQueueWorkQueuedBeforeIt() throws {
        // Given a ViewModel that marks itself loading on the main queue and in a MainActor task, then computes on a
        // global queue and reads its state back with DispatchQueue.main.sync (the UIKit-era way to touch UI state)
        final class Screen: @unchecked Sendable {
            var state = "idle"
        }
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let screen = Screen()
        try timeline.runScenario {
            DispatchQueue.main.async {
                screen.state = "loading"
                log.add("main block")
            }
            Task { @MainActor in log.add("MainActor job") }
            DispatchQueue.global().async {
                let seen = DispatchQueue.main.sync { screen.state }
                log.add("background saw \(seen)")
            }

            // When the timeline runs
            try timeline.run()
        }

        // Then the synchronous block waited for the main-queue work queued before it, as the main thread would
        #expect(log.lines == ["0.000s main block", "0.000s MainActor job", "0.000s background saw loading"])
    }
}
