import Foundation
import ScenarioJSON
import VirtualTime

/// Records what a ViewModel and its test doubles did, as `"<virtual instant> <event>"` lines, for one
/// whole-history assertion. Thread-safe: test doubles write from task jobs.
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

extension VirtualEventLoop {
    /// Moves to `instant`, runs `body` there as the cause `label`, and settles what it started: one scenario step.
    func step(at instant: ScenarioDuration, _ label: WorkCause, _ body: () -> Void) throws {
        try advance(to: instant)
        try withCause(label) {
            body()
            try settle()
        }
    }
}
