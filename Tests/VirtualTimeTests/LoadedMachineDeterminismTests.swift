import Dispatch
import Foundation
import Testing
import VirtualTime

/// Determinism is the product: a ViewModel workload mixing every kind of work gives the same log on every run,
/// also while other threads keep both cores busy.
@Suite struct LoadedMachineDeterminismTests {
    /// One run: a MainActor load with `async let` on an actor, a task group of sleeping children, `Task.yield()`,
    /// `Date()`, a timeout race that times out, detached tasks of two priorities hopping global → main, and a
    /// `DispatchWorkItem` on `asyncAfter`.
    private static func workload() throws -> [String] {
        let timeline = VirtualEventLoop()
        let log = EventLog(timeline)
        let repository = SleepingRepository()
        try timeline.runScenario {
            Task { @MainActor in
                async let profile = repository.fetch("profile", latency: .milliseconds(10))
                let children = await withTaskGroup(of: Int.self) { group in
                    for index in 1...3 {
                        group.addTask {
                            try? await Task.sleep(for: .milliseconds(100 * index))
                            log.add("child \(index)")
                            return index
                        }
                    }
                    var done: [Int] = []
                    for await index in group { done.append(index) }
                    return done
                }
                log.add("children \(children), \(try await profile)")
                await Task.yield()
                log.add("yielded at \(Date().timeIntervalSince1970)")
                let answer = try? await withTimeout(.milliseconds(50)) {
                    try await Task.sleep(for: .seconds(1))
                    return 1
                }
                log.add("timeout gave \(String(describing: answer))")
            }
            for priority in [TaskPriority.background, .high] {
                Task.detached(priority: priority) {
                    await Task.yield()
                    log.add("detached \(priority.rawValue)")
                    DispatchQueue.global().async {
                        DispatchQueue.main.async { log.add("hop \(priority.rawValue)") }
                    }
                }
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.25, execute: DispatchWorkItem { log.add("work item") })
            try timeline.run()
        }
        return log.lines
    }

    @Test func aThousandRunsUnderCPULoadGiveOneLog() throws {
        // Given two threads spinning on the CPU (bounded: they stop when the test ends, or after 30s at most)
        final class Stop: @unchecked Sendable {
            private let lock = NSLock()
            private var stopped = false
            var isStopped: Bool { lock.withLock { stopped } }
            func stop() { lock.withLock { stopped = true } }
        }
        let stop = Stop()
        defer { stop.stop() }
        let started = RealClock.monotonicNanoseconds
        for _ in 0..<2 {
            Thread {
                var spins = 0
                while !stop.isStopped, RealClock.monotonicNanoseconds - started < 30_000_000_000 { spins &+= 1 }
            }.start()
        }

        // When the workload runs a thousand times
        var logs: [[String]: Int] = [:]
        for _ in 0..<1_000 { logs[try Self.workload(), default: 0] += 1 }

        // Then every run gave the same log
        #expect(
            logs == [
                [
                    "0.000s detached 9", "0.000s detached 25", "0.000s hop 9", "0.000s hop 25", "0.100s child 1",
                    "0.200s child 2",
                    "0.250s work item", "0.300s child 3", "0.300s children [1, 2, 3], profile#1",
                    "0.300s yielded at 1767258000.3", "0.350s timeout gave nil",
                ]: 1_000
            ])
    }
}
