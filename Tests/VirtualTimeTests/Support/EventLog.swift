import Foundation
import VirtualTime

/// Records events with the virtual instant they happened at, as `"<instant> <event>"`, for one whole-history
/// assertion. Thread-safe so tasks on any executor may write to it.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    private let timeline: VirtualEventLoop

    init(_ timeline: VirtualEventLoop) {
        self.timeline = timeline
    }

    func add(_ event: String) {
        let line = "\(timeline.clock.now) \(event)"
        lock.withLock { entries.append(line) }
    }

    var lines: [String] { lock.withLock { entries } }
}
