import Testing
import VirtualTime

@Suite struct TimerHeapTests {
    @Test func popsByInstantThenBySchedulingSequence() {
        // Given work pushed out of order, with ties at the same instant
        var heap = TimerHeap<String>()
        let pushes: [(Int64, UInt64, String)] = [
            (300, 0, "c@300#0"), (100, 1, "a@100#1"), (300, 2, "d@300#2"), (100, 3, "b@100#3"),
            (0, 4, "z@0#4"), (200, 5, "x@200#5"), (300, 6, "e@300#6"),
        ]
        for (instant, sequence, name) in pushes { heap.push(instant: instant, sequence: sequence, name) }

        // When everything is popped
        var popped: [String] = []
        while let node = heap.popFirst() { popped.append(node.payload) }

        // Then the order is (instant, sequence)
        #expect(popped == ["z@0#4", "a@100#1", "b@100#3", "x@200#5", "c@300#0", "d@300#2", "e@300#6"])
    }

    @Test func keepsOrderAcrossManyInterleavedPushesAndPops() {
        // Given a deterministic pseudo-random stream of pushes interleaved with pops
        var heap = TimerHeap<UInt64>()
        var reference: [(Int64, UInt64)] = []
        var state: UInt64 = 42
        var popped: [UInt64] = []
        var expected: [UInt64] = []
        for sequence in 0..<2_000 as Range<UInt64> {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let instant = Int64((state >> 33) % 50)
            heap.push(instant: instant, sequence: sequence, sequence)
            reference.append((instant, sequence))
            if sequence % 3 == 0 {
                // When popping, compare with the minimum of a plain array
                let index = reference.indices.min { reference[$0] < reference[$1] } ?? 0
                expected.append(reference.remove(at: index).1)
                popped.append(heap.popFirst()?.payload ?? .max)
            }
        }
        // Then both agree on every pop
        #expect(popped == expected)
        #expect(heap.count == reference.count)
    }

    @Test func removeAllKeepsTheRestOrdered() {
        // Given ten timers
        var heap = TimerHeap<Int>()
        for value in [5, 3, 9, 1, 7, 2, 8, 0, 6, 4] { heap.push(instant: Int64(value), sequence: 0, value) }

        // When the odd ones are removed
        heap.removeAll { $0.payload % 2 == 1 }

        // Then the even ones pop in order
        var popped: [Int] = []
        while let node = heap.popFirst() { popped.append(node.payload) }
        #expect(popped == [0, 2, 4, 6, 8])
    }
}
