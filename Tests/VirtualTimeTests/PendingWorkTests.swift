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
            // (and the quick check agrees that something is left)
            #expect(timeline.hasPendingWork)
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

    @Test func theQuickCheckSaysNothingIsLeftExactlyWhenThePendingWorkListsNothing() throws {
        // Given a timeline whose step starts a task that sleeps 200ms and schedules a timer due at 500ms
        let timeline = VirtualEventLoop()
        var during: (quick: Bool, pending: PendingWork)?
        var timerOnly: (quick: Bool, pending: PendingWork)?
        var after: (quick: Bool, pending: PendingWork)?
        try timeline.runScenario {
            #expect(!timeline.hasPendingWork)
            try timeline.withCause(.step(0)) {
                Task { try await Task.sleep(for: .milliseconds(200)) }
                timeline.schedule(atNanoseconds: 500_000_000) {}
                try timeline.settle()
            }
            // When it is asked while the task sleeps, once only the timer is left, and once everything ran
            during = (timeline.hasPendingWork, timeline.pendingWork())
            try timeline.advance(to: .milliseconds(300))
            timerOnly = (timeline.hasPendingWork, timeline.pendingWork())
            try timeline.run()
            after = (timeline.hasPendingWork, timeline.pendingWork())
        }
        // Then the quick check says what the list says
        #expect(during?.quick == true)
        #expect(during?.pending.timers.count == 2)
        #expect(timerOnly?.quick == true)
        #expect(timerOnly?.pending.timers.map(\.isSleep) == [false])
        #expect(timerOnly?.pending.unfinishedTaskCauses.isEmpty == true)
        #expect(after?.quick == false)
        #expect(after?.pending.timers.isEmpty == true)
        #expect(after?.pending.unfinishedTaskCauses.isEmpty == true)
        #expect(after?.pending.jobs.values.allSatisfy { $0.enqueued == $0.finished } == true)
    }
}
