#if canImport(Glibc)
import CombineCompat
import RehearsalBase

/// A scenario-like workload with a known event log: the determinism stress test (debug) and the `virtual-time`
/// benchmark (release) both run it and compare every log with `expectedLog`. A package-level test hook.
///
/// It has a MainActor task awaiting a nonisolated mock with latency, three task-group children with different
/// virtual latencies, and a scheduler-based delay that cancels a task sleeping on the virtual clock.
package enum DeterminismProbe {
    /// The log every run must produce, byte for byte.
    package static let expectedLog = """
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

    /// Runs the workload on a fresh timeline (on the main thread) and returns its log, one line per event.
    package static func run() throws -> String {
        let timeline = VirtualEventLoop()
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
            try timeline.withCause(.step(1)) {
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
        private let lock = _Lock()
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
}
#endif
