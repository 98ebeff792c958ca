import Foundation
import Testing
import VirtualTime

/// The scheduling seam: a `SchedulingPolicy` chooses every piece of work the timeline runs, so another policy
/// gives another (still deterministic) interleaving of same-instant work, and a recorded sequence of choices
/// replays the same run exactly.
@Suite struct SchedulingPolicyTests {
    /// Prefers the main lane, and among due timers the last scheduled: another legal order of the same work.
    struct MainLaneFirstPolicy: SchedulingPolicy {
        mutating func choose(from runnable: RunnableSet) -> Int {
            if runnable.mainCount > 0 { return runnable.concurrentCount }
            if runnable.concurrentCount > 0 { return 0 }
            return runnable.count - 1
        }
    }

    /// Records every choice a base policy makes (and how many pieces of work were runnable).
    final class Recording<Base: SchedulingPolicy>: SchedulingPolicy, @unchecked Sendable {
        private var base: Base
        private(set) var choices: [(index: Int, of: Int)] = []

        init(_ base: Base) {
            self.base = base
        }

        func choose(from runnable: RunnableSet) -> Int {
            let index = base.choose(from: runnable)
            choices.append((index, runnable.count))
            return index
        }
    }

    /// Makes the recorded choices again, in order.
    final class Replaying: SchedulingPolicy, @unchecked Sendable {
        private let choices: [Int]
        private(set) var next = 0
        private(set) var diverged = false

        init(_ choices: [Int]) {
            self.choices = choices
        }

        func choose(from runnable: RunnableSet) -> Int {
            guard next < choices.count, choices[next] < runnable.count else {
                diverged = true
                return 0
            }
            defer { next += 1 }
            return choices[next]
        }
    }

    /// A MainActor task and a detached task racing at 0.000s, and two timers (a sleep and a dispatch block) at 0.100s.
    private static func race(_ policy: some SchedulingPolicy) throws -> [String] {
        let timeline = VirtualEventLoop(policy: policy)
        let log = EventLog(timeline)
        let clock = timeline.clock
        try timeline.runScenario {
            Task { @MainActor in
                log.add("main 1")
                await Task.yield()
                log.add("main 2")
            }
            Task.detached {
                log.add("detached 1")
                await Task.yield()
                log.add("detached 2")
            }
            Task {
                try await clock.sleep(for: .milliseconds(100))
                log.add("sleep woke")
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { log.add("asyncAfter ran") }
            try timeline.run()
        }
        return log.lines
    }

    @Test func anotherPolicyGivesAnotherDeterministicOrderOfTheSameWork() throws {
        // When the same work runs under the default policy and under one that prefers the main lane
        let byDefault = try Self.race(DefaultSchedulingPolicy())
        let mainFirst = try Self.race(MainLaneFirstPolicy())

        // Then both are repeatable, the orders differ where the policy chose, and no work ran before its instant
        #expect(try Self.race(DefaultSchedulingPolicy()) == byDefault)
        #expect(try Self.race(MainLaneFirstPolicy()) == mainFirst)
        #expect(
            byDefault == [
                "0.000s detached 1", "0.000s detached 2", "0.000s main 1", "0.000s main 2", "0.100s asyncAfter ran",
                "0.100s sleep woke",
            ])
        #expect(
            mainFirst == [
                "0.000s main 1", "0.000s detached 1", "0.000s detached 2", "0.000s main 2", "0.100s sleep woke",
                "0.100s asyncAfter ran",
            ])
    }

    @Test func aRecordedSequenceOfChoicesReplaysTheSameRunExactly() throws {
        // Given the choices made under the main-lane-first policy
        let recording = Recording(MainLaneFirstPolicy())
        let recorded = try Self.race(recording)

        // When a fresh run replays those choices
        let replaying = Replaying(recording.choices.map(\.index))
        let replayed = try Self.race(replaying)

        // Then it is the same run, choice for choice, and some decisions really were choices
        #expect(replayed == recorded)
        #expect(!replaying.diverged)
        #expect(replaying.next == recording.choices.count)
        #expect(recording.choices.contains { $0.of > 1 })
    }
}
