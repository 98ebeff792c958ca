#if !canImport(Darwin)

/// A first-in, first-out queue with amortised O(1) `append` and `popFirst`.
@usableFromInline
struct _FIFO<Element> {
    @usableFromInline var storage: [Element] = []
    @usableFromInline var head = 0

    @inlinable init() {}

    @inlinable var isEmpty: Bool { head == storage.count }
    @inlinable var count: Int { storage.count - head }

    /// The queued elements, oldest first.
    @inlinable var elements: ArraySlice<Element> { storage[head...] }

    @inlinable mutating func append(_ element: Element) { storage.append(element) }

    @inlinable mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head >= 32, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    @inlinable mutating func removeLast() {
        if head < storage.count { storage.removeLast() }
    }

    @inlinable mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}

#endif
