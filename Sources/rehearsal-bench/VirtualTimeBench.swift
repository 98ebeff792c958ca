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
            let timeline = VirtualEventLoop(limits: VirtualTimeLimits(maxSteps: count))
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

    /// Microseconds per run of VirtualTime's determinism probe, averaged over `runs` (best of 5 rounds, to damp
    /// noise from other processes); every log must equal the expected one, so this also checks determinism in
    /// release builds.
    private static func asyncWorkload(runs: Int) throws -> Double {
        var best = Double.infinity
        for _ in 0..<5 {
            var logs: [String] = []
            logs.reserveCapacity(runs)
            let seconds = try measureSeconds {
                for _ in 0..<runs { logs.append(try DeterminismProbe.run()) }
            }
            if let different = logs.first(where: { $0 != DeterminismProbe.expectedLog }) {
                throw Failure("nondeterministic run:\n\(different)\nexpected:\n\(DeterminismProbe.expectedLog)")
            }
            best = min(best, seconds)
        }
        return best * 1e6 / Double(runs)
    }

    /// A figure that is wrong, not just slow.
    struct Failure: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }
}
