/// A binary min-heap of pending work keyed by `(instant, sequence)`.
///
/// The timeline's queue: the element with the earliest instant comes first, and among equal instants the one
/// scheduled first (lowest sequence number) comes first, so simultaneous work runs in scheduling order.
///
/// - Complexity: `push` and `popFirst` are O(log n); `first` is O(1).
package struct TimerHeap<Payload> {
    /// One queued element with its ordering key.
    package struct Node {
        /// Virtual instant, in nanoseconds since the timeline's origin.
        package var instant: UInt64
        /// Scheduling sequence number, unique per timeline; breaks ties between equal instants.
        package var sequence: UInt64
        /// What to do at that instant.
        package var payload: Payload

        @inline(__always)
        func precedes(_ other: Node) -> Bool {
            instant != other.instant ? instant < other.instant : sequence < other.sequence
        }
    }

    private var nodes: [Node] = []

    /// Creates an empty heap.
    package init() {}

    /// The number of queued elements.
    package var count: Int { nodes.count }

    /// Whether nothing is queued.
    package var isEmpty: Bool { nodes.isEmpty }

    /// The earliest element, without removing it.
    package var first: Node? { nodes.first }

    /// Every queued element, in no particular order.
    package var unordered: [Node] { nodes }

    /// Queues `payload` at `instant` with the tie-breaking `sequence`.
    package mutating func push(instant: UInt64, sequence: UInt64, _ payload: Payload) {
        nodes.append(Node(instant: instant, sequence: sequence, payload: payload))
        siftUp(from: nodes.count - 1)
    }

    /// Removes and returns the earliest element.
    package mutating func popFirst() -> Node? {
        guard !nodes.isEmpty else { return nil }
        if nodes.count == 1 { return nodes.removeLast() }
        let top = nodes[0]
        nodes[0] = nodes.removeLast()
        siftDown(from: 0)
        return top
    }

    /// Removes every element for which `shouldRemove` returns true, then restores the heap order.
    ///
    /// - Complexity: O(n).
    package mutating func removeAll(where shouldRemove: (Node) -> Bool) {
        let before = nodes.count
        nodes.removeAll(where: shouldRemove)
        guard nodes.count != before else { return }
        for index in stride(from: nodes.count / 2 - 1, through: 0, by: -1) {
            siftDown(from: index)
        }
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        let node = nodes[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard node.precedes(nodes[parent]) else { break }
            nodes[child] = nodes[parent]
            child = parent
        }
        nodes[child] = node
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        let node = nodes[parent]
        let count = nodes.count
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count, nodes[child + 1].precedes(nodes[child]) { child += 1 }
            guard nodes[child].precedes(node) else { break }
            nodes[parent] = nodes[child]
            parent = child
        }
        nodes[parent] = node
    }
}
