import CombineCompat
import Foundation
import ScenarioJSON
import VirtualTime

/// Collects timeline events as a scenario runs, stamping each with the virtual time, the next sequence number
/// and the current cause. All work of a run happens on one thread in one order, so the sequence is the order.
final class TimelineRecorder: @unchecked Sendable {
    private let lock = _Lock()
    private var events: [TimelineEvent] = []
    private let timeline: VirtualEventLoop
    private let observer: (@Sendable (TimelineEvent) -> Void)?
    let encoding = ValueEncoding()

    init(timeline: VirtualEventLoop, observer: (@Sendable (TimelineEvent) -> Void)? = nil) {
        self.timeline = timeline
        self.observer = observer
    }

    /// Records an event whose body is `members` in order and returns its `seq`; `answering` links a mock
    /// response or cancellation to its call.
    @discardableResult
    func record(_ members: KeyValuePairs<String, JSONValue?>, answering: Int? = nil) -> Int {
        var body = JSONObject()
        for (key, value) in members {
            if let value { body[key] = value }
        }
        let at = timeline.now
        let cause = timeline.currentCause
        let event = lock.withLock {
            let event = TimelineEvent(at: at, seq: events.count, body: body, cause: cause, answering: answering)
            events.append(event)
            return event
        }
        observer?(event)
        return event.seq
    }

    /// The events so far.
    var recorded: [TimelineEvent] { lock.withLock { events } }
}
