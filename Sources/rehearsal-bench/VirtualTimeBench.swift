import Foundation
import VirtualTime

/// The `virtual-time` suite: timer throughput of the virtual scheduler, and the cost of one deterministic run of
/// a scenario-like async workload (which must give the same log on every run, in release builds too).
enum VirtualTimeBench {
    static func run() throws {
        report("virtualtime.a.timer_events", try timerEvents(count: 100_000), "ns")
        report("virtualtime.b.async_workload", try asyncWorkload(runs: 2_000), "us")
    }

    /// Nanoseconds per timer event: 100 timers that each reschedule themselves after a pseudo-random delay
    /// (0-1ms, so ties happen) until `count` events have fired, like a busy scenario's debounces and delays.
    private static func timerEvents(count: Int) throws -> Double {
        var best = Double.infinity
        for _ in 0..<5 {
            let timeline = VirtualTimeline(limits: VirtualTimeLimits(maxSteps: count))
            let scheduler = timeline.scheduler
            var scheduled = 0
            var fired = 0
            var state: UInt64 = 7
            func scheduleNext() {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                scheduled += 1
                scheduler.schedule(after: scheduler.now.advanced(by: .microseconds(Int(state >> 54)))) {
                    fired += 1
                    if scheduled < count { scheduleNext() }
                }
            }
            let seconds = try measureSeconds {
                for _ in 0..<100 { scheduleNext() }
                try timeline.run()
            }
            guard fired == count else { throw Failure("\(fired) of \(count) timers fired") }
            best = min(best, seconds)
        }
        return best * 1e9 / Double(count)
    }

    /// Microseconds per run of the workload, averaged over `runs`; every log must equal the expected one.
    private static func asyncWorkload(runs: Int) throws -> Double {
        var logs: [String] = []
        logs.reserveCapacity(runs)
        let seconds = try measureSeconds {
            for _ in 0..<runs { logs.append(try workload()) }
        }
        if let different = logs.first(where: { $0 != expectedLog }) {
            throw Failure("nondeterministic run:\n\(different)\nexpected:\n\(expectedLog)")
        }
        return seconds * 1e6 / Double(runs)
    }

    private static let expectedLog = """
        0ms main start
        0ms fetch profile started
        50ms fetch profile returned
        50ms main got profile
        50ms fetch a started
        50ms fetch b started
        50ms fetch c started
        150ms delay fired
        150ms doomed CancellationError()
        150ms fetch b returned
        250ms fetch c returned
        350ms fetch a returned
        350ms main got b,c,a
        """

    /// A MainActor task awaiting a mock with latency, three children with different virtual latencies, and a
    /// scheduler-based delay that cancels a sleeping task (the workload of VirtualTime's stress test).
    private static func workload() throws -> String {
        let timeline = VirtualTimeline()
        let log = Log(clock: timeline.clock)
        let clock = timeline.clock
        let scheduler = timeline.scheduler
        @Sendable func fetch(_ resource: String, _ latency: Duration) async -> String {
            log.add("fetch \(resource) started")
            guard (try? await clock.sleep(for: latency)) != nil else { return "cancelled" }
            log.add("fetch \(resource) returned")
            return resource
        }
        try timeline.runScenario {
            try timeline.withCause("step 1") {
                let doomed = Task {
                    do {
                        try await clock.sleep(for: .seconds(10))
                        log.add("doomed woke")
                    } catch {
                        log.add("doomed \(error)")
                    }
                }
                Task { @MainActor in
                    log.add("main start")
                    log.add("main got \(await fetch("profile", .milliseconds(50)))")
                    let order = await withTaskGroup(of: String.self) { group in
                        for (name, latency) in [("a", 300), ("b", 100), ("c", 200)] {
                            group.addTask { await fetch(name, .milliseconds(latency)) }
                        }
                        var order: [String] = []
                        for await name in group { order.append(name) }
                        return order
                    }
                    log.add("main got \(order.joined(separator: ","))")
                }
                scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(150))) {
                    log.add("delay fired")
                    doomed.cancel()
                }
                try timeline.run()
            }
        }
        return log.text
    }

    /// A thread-safe event log stamped with virtual instants.
    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        private let clock: VirtualClock

        init(clock: VirtualClock) {
            self.clock = clock
        }

        func add(_ event: String) {
            let line = "\(clock.now) \(event)"
            lock.withLock { lines.append(line) }
        }

        var text: String { lock.withLock { lines.joined(separator: "\n") } }
    }

    /// A figure that is wrong, not just slow.
    struct Failure: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }
}
