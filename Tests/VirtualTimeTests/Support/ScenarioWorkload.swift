import VirtualTime

/// A mock repository call with latency on the virtual clock: a nonisolated async function.
func fetch(_ resource: String, latency: Duration, clock: VirtualClock, log: EventLog) async -> String {
    log.add("fetch \(resource) started")
    do {
        try await clock.sleep(for: latency)
    } catch {
        log.add("fetch \(resource) cancelled")
        return "cancelled"
    }
    log.add("fetch \(resource) returned")
    return resource
}

/// A scenario-like workload: a MainActor task awaiting a mock with latency, three child tasks with different
/// virtual latencies, a scheduler-based delay that cancels a sleeping task.
enum ScenarioWorkload {
    /// Runs the workload on a fresh timeline and returns its event log, one line per event.
    static func run() throws -> String {
        let timeline = VirtualTimeline()
        let log = EventLog(timeline)
        let clock = timeline.clock
        let scheduler = timeline.scheduler
        try timeline.runScenario {
            timeline.withCause("step 1") {
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
                    let profile = await fetch("profile", latency: .milliseconds(50), clock: clock, log: log)
                    log.add("main got \(profile)")
                    let order = await withTaskGroup(of: String.self) { group in
                        for (name, latency) in [("a", 300), ("b", 100), ("c", 200)] {
                            group.addTask { await fetch(name, latency: .milliseconds(latency), clock: clock, log: log) }
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
            }
            try timeline.run()
        }
        return log.lines.joined(separator: "\n")
    }
}
