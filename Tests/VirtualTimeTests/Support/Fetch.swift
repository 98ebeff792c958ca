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
