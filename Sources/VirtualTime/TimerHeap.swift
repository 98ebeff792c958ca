/// A binary min-heap of pending work keyed by `(instant, sequence)`.
///
/// The timeline's queue: the element with the earliest instant comes first, and among equal instants the one
/// scheduled first (lowest sequence number) comes first, so simultaneous work runs in scheduling order.
/// The heap orders small trivially-copyable keys; payloads stay put in a slot table, so sifting never retains or
/// releases them.
///
/// - Complexity: `push` and `popFirst` are O(log n); `first` is O(1).
package struct TimerHeap<Payload> {
    /// One queued element with its ordering key.
    package struct Node {
        /// Virtual instant, in nanoseconds since the timeline's origin.
        package var instant: Int64
        /// Scheduling sequence number, unique per timeline; breaks ties between equal instants.
        package var sequence: UInt64
        /// What to do at that instant.
        package var payload: Payload
    }

    private struct Key {
        var instant: Int64
        var sequence: UInt64
        var slot: Int

        @inline(__always)
        func precedes(_ other: Key) -> Bool {
            instant != other.instant ? instant < other.instant : sequence < other.sequence
        }
    }

    private var keys: [Key] = []
    private var slots: [Payload?] = []
    private var freeSlots: [Int] = []

    /// Creates an empty heap.
    package init() {}

    /// The number of queued elements.
    package var count: Int { keys.count }

    /// Whether nothing is queued.
    package var isEmpty: Bool { keys.isEmpty }

    /// The earliest element, without removing it.
    package var first: Node? { keys.first.flatMap(node) }

    /// The instant of the earliest element, without touching its payload.
    package var firstInstant: Int64? { keys.first?.instant }

    /// `body` applied to the earliest element's payload in place (no copy), or nil when the heap is empty.
    @inline(__always)
    package func withFirstPayload<R>(_ body: (borrowing Payload) -> R) -> R? {
        guard let key = keys.first else { return nil }
        return slots.withUnsafeBufferPointer { buffer in
            buffer[key.slot].map { body($0) }
        }
    }

    /// Every queued element, in no particular order.
    package var unordered: [Node] { keys.compactMap(node) }

    /// Queues `payload` at `instant` with the tie-breaking `sequence`.
    package mutating func push(instant: Int64, sequence: UInt64, _ payload: Payload) {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = payload
        } else {
            slot = slots.count
            slots.append(payload)
        }
        keys.append(Key(instant: instant, sequence: sequence, slot: slot))
        siftUp(from: keys.count - 1)
    }

    /// Removes and returns the earliest element.
    package mutating func popFirst() -> Node? {
        guard let top = keys.first else { return nil }
        let last = keys.removeLast()
        if !keys.isEmpty {
            keys[0] = last
            siftDown(from: 0)
        }
        return take(top)
    }

    /// Removes every element for which `shouldRemove` returns true, then restores the heap order.
    ///
    /// - Complexity: O(n).
    package mutating func removeAll(where shouldRemove: (Node) -> Bool) {
        var kept: [Key] = []
        kept.reserveCapacity(keys.count)
        for key in keys {
            if let node = node(key), shouldRemove(node) {
                _ = take(key)
            } else {
                kept.append(key)
            }
        }
        guard kept.count != keys.count else { return }
        keys = kept
        for index in stride(from: keys.count / 2 - 1, through: 0, by: -1) {
            siftDown(from: index)
        }
    }

    private func node(_ key: Key) -> Node? {
        slots[key.slot].map { Node(instant: key.instant, sequence: key.sequence, payload: $0) }
    }

    private mutating func take(_ key: Key) -> Node? {
        let payload = slots[key.slot].take()
        freeSlots.append(key.slot)
        return payload.map { Node(instant: key.instant, sequence: key.sequence, payload: $0) }
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        let key = keys[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard key.precedes(keys[parent]) else { break }
            keys[child] = keys[parent]
            child = parent
        }
        keys[child] = key
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        let key = keys[parent]
        let count = keys.count
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count, keys[child + 1].precedes(keys[child]) { child += 1 }
            guard keys[child].precedes(key) else { break }
            keys[parent] = keys[child]
            parent = child
        }
        keys[parent] = key
    }
}
