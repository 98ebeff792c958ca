import CombineCompat
import Foundation
import RehearsalBase
import ScenarioJSON
import VirtualTime

/// Collects timeline events as a scenario runs, stamping each with the virtual time, the next sequence number
/// and the current cause. All work of a run happens on one thread in one order, so the sequence is the order.
final class TimelineRecorder: @unchecked Sendable {
    private let lock = _Lock()
    private var events: [TimelineEvent] = []
    let timeline: VirtualEventLoop
    private let observer: (@Sendable (TimelineEvent) -> Void)?
    let encoding = ValueEncoding()

    init(timeline: VirtualEventLoop, observer: (@Sendable (TimelineEvent) -> Void)? = nil) {
        self.timeline = timeline
        self.observer = observer
    }

    /// Records what happened now and returns the event's `seq`; `answering` links a mock response or
    /// cancellation to its call.
    @discardableResult
    func record(_ kind: consuming TimelineEvent.Kind, answering: Int? = nil) -> Int {
        let at = timeline.now
        let cause = timeline.currentCause
        // The event is built in place from the kind given (moved, not copied); a copy is made only for an observer.
        lock.lock()
        let seq = events.count
        events.append(TimelineEvent(at: at, seq: seq, kind: kind, cause: cause, answering: answering))
        lock.unlock()
        if let observer { observer(lock.withLock { events[seq] }) }
        return seq
    }

    /// The events so far.
    var recorded: [TimelineEvent] { lock.withLock { events } }
}
