import Rehearsal

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
