#if !canImport(Darwin)

/// A first-in, first-out queue with amortised O(1) `append` and `popFirst`.
struct _FIFO<Element> {
    private var storage: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }
    var count: Int { storage.count - head }

    mutating func append(_ element: Element) { storage.append(element) }

    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head >= 32, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    mutating func removeLast() {
        if head < storage.count { storage.removeLast() }
    }

    mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}

#endif
