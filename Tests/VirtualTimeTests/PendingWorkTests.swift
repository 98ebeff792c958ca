import Foundation
import Testing
import VirtualTime

/// What a timeline says is still outstanding when a scenario ends before its work does.
@Suite struct PendingWorkTests {
    @Test func aDetachedTaskSleepingPastTheEndCountsAsUnfinishedForTheStepThatStartedIt() throws {
        // Given a ViewModel that refreshes in the background from a detached task (which inherits no task-locals,
        // so no cause), sleeping 30s with Task.sleep; step 4 starts it
        let timeline = VirtualEventLoop()
        var pending: PendingWork?
        try timeline.runScenario {
            try timeline.withCause(.step(4)) {
                Task.detached(priority: .background) {
                    try await Task.sleep(for: .seconds(30))
                }
                try timeline.settle()
            }

            // When the scenario stops at 1.000s
            try timeline.advance(to: .seconds(1))
            pending = timeline.pendingWork()
        }

        // Then the sleeping task is unfinished work of step 4, sleeping on the virtual clock
        #expect(pending?.unfinishedTaskCauses == [.step(4)])
        #expect(
            pending?.description == """
                pending work at 1.000s:
                  timer: Task.sleep at 30.000s (cause 'step 4')
                  task started by 'step 4' has not finished: sleeping on the virtual clock
                """)
        #expect(pending?.stalledCauses == [])
    }
}
