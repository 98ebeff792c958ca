import Foundation
import Testing
import VirtualTime

/// What a schedule explorer needs from the timeline beyond choosing the next work: the Swift task behind each
/// runnable job (to keep a task's priority across its jobs), and a way to deliver an input before the work due at
/// the input's own instant.
@Suite struct ExplorationSeamTests {
    /// Records the runnable work of every decision with more than one option, choosing as the default does.
    final class Watching: SchedulingPolicy, @unchecked Sendable {
        private var base = DefaultSchedulingPolicy()
        private(set) var seen: [[RunnableWork]] = []

        func choose(from runnable: RunnableSet) -> Int {
            if runnable.count > 1 { seen.append(runnable.all) }
            return base.choose(from: runnable)
        }
    }

    @Test func eachTaskJobNamesItsTaskAndOtherWorkNamesNone() throws {
        // Given two detached tasks and a global-queue block runnable at once
        let policy = Watching()
        let timeline = VirtualEventLoop(policy: policy)
        try timeline.runScenario {
            Task.detached {}
            Task.detached {}
            DispatchQueue.global().async {}
            try timeline.settle()
        }
        // Then the two task jobs carry distinct task ids, and the block none
        let first = try #require(policy.seen.first)
        let tasks = first.filter { $0.what == "task job" }.compactMap(\.task)
        #expect(tasks.count == 2)
        #expect(Set(tasks).count == 2)
        #expect(first.filter { $0.what == "DispatchQueue block" }.map(\.task) == [nil])
    }

    @Test func aStepCanGoBeforeTheWorkDueAtItsInstant() throws {
        // Given a timer due at 0.100s
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        var stoppedEarly = false
        try timeline.runScenario {
            timeline.scheduler.schedule(after: timeline.scheduler.now.advanced(by: .milliseconds(100))) {
                log.add("timer")
            }
            // When advancing to 100ms stops before work due there
            stoppedEarly = try timeline.advance(to: .milliseconds(100)) { true }
            log.add("step")
            try timeline.settle()
        }
        // Then time is at 0.100s, the step came first, and the timer ran after it
        #expect(stoppedEarly)
        #expect(log.lines == ["0.100s step", "0.100s timer"])
    }

    @Test func neverStoppingIsTheSameAsAdvancing() throws {
        // Given the same timer, When the advance never stops, Then it runs before the step, as `advance(to:)` does
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        var asked = 0
        var stoppedEarly = true
        try timeline.runScenario {
            timeline.scheduler.schedule(after: timeline.scheduler.now.advanced(by: .milliseconds(100))) {
                log.add("timer")
            }
            stoppedEarly = try timeline.advance(to: .milliseconds(100)) {
                asked += 1
                return false
            }
            log.add("step")
        }
        #expect(!stoppedEarly)
        #expect(asked == 1)
        #expect(log.lines == ["0.100s timer", "0.100s step"])
    }
}
