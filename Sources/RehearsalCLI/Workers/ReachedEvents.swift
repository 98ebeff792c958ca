import Rehearsal
import RehearsalBase

/// The events the running scenario of a worker streamed, kept as their frames (see ``WorkerLine``) and decoded
/// only when they are needed: as the timeline of a scenario whose worker crashed, hung or was interrupted. A
/// scenario that ends normally never pays for reading them (its outcome carries its timeline).
///
/// - Complexity: O(1) amortised per event; the latest ``limit`` are kept (the older half is dropped at once).
struct ReachedEvents {
    /// The most events kept.
    static let limit = 100_000

    private var frames: [[UInt8]] = []

    /// Whether no event was streamed.
    var isEmpty: Bool { frames.isEmpty }

    /// Keeps an event's frame.
    mutating func append(_ frame: [UInt8]) {
        if frames.count >= Self.limit { frames.removeFirst(Self.limit / 2) }
        frames.append(frame)
    }

    /// Forgets every event (a new scenario starts).
    mutating func removeAll() {
        frames.removeAll(keepingCapacity: true)
    }

    /// The events, in the order streamed; a frame that does not decode (a worker cut off while writing it) is left
    /// out.
    var events: [TimelineEvent] {
        frames.compactMap { try? WorkerLine.decodeEvent($0) }
    }
}

/// A worker's ``ReachedEvents``, kept by the thread that reads the worker's output: an event frame goes straight in
/// (the parent's one thread is not woken for each event), a message goes to the mailbox. The parent's thread reads
/// them only when the scenario's worker crashed, hung or was interrupted, and clears them when a scenario starts.
final class ReachedEventsInbox: @unchecked Sendable {
    private let lock = _Lock()
    private var reached = ReachedEvents()

    /// Keeps an event's frame (the reading thread).
    func append(_ frame: [UInt8]) {
        lock.withLock { reached.append(frame) }
    }

    /// Forgets every event (a new scenario starts).
    func removeAll() {
        lock.withLock { reached.removeAll() }
    }

    /// The events so far, decoded (see ``ReachedEvents/events``).
    var events: [TimelineEvent] {
        lock.withLock { reached }.events
    }
}
