/// A shortest edit script between two sequences (Myers' O((N+M)·D) algorithm), as equal / delete / insert
/// operations in order.
///
/// ```swift
/// LineDiff.operations(["a", "b", "c"], ["a", "c", "d"])
/// // [.equal(0, 0), .delete(1), .equal(2, 1), .insert(2)]
/// ```
/// - Complexity: O((N+M)·D) time and O(D²) memory, where D is the number of deletions and insertions; past
///   `maxEdits` the middle part is reported as deleted and inserted wholesale.
enum LineDiff {
    /// One operation of an edit script, with indices into the old (`a`) and new (`b`) sequence.
    enum Operation: Equatable {
        case equal(Int, Int)
        case delete(Int)
        case insert(Int)

        /// The operation on a slice that starts `offset` elements into both sequences, as an operation on the
        /// whole sequences.
        func shifted(by offset: Int) -> Operation {
            switch self {
            case .equal(let old, let new): .equal(offset + old, offset + new)
            case .delete(let old): .delete(offset + old)
            case .insert(let new): .insert(offset + new)
            }
        }
    }

    static func operations<Element: Hashable>(_ a: [Element], _ b: [Element], maxEdits: Int = 1000) -> [Operation] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
            a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
        {
            suffix += 1
        }
        // Compare small integer ids instead of elements.
        var ids: [Element: Int] = [:]
        func id(_ element: Element) -> Int {
            if let known = ids[element] { return known }
            ids[element] = ids.count
            return ids.count - 1
        }
        let oldIDs = a[prefix..<(a.count - suffix)].map(id)
        let newIDs = b[prefix..<(b.count - suffix)].map(id)
        var result = (0..<prefix).map { Operation.equal($0, $0) }
        result += middleOperations(oldIDs, newIDs, maxEdits: maxEdits).map { $0.shifted(by: prefix) }
        let oldEnd = a.count - suffix
        let newEnd = b.count - suffix
        for offset in 0..<suffix { result.append(.equal(oldEnd + offset, newEnd + offset)) }
        return result
    }

    /// Myers' greedy forward search, keeping each round's furthest-reaching x per diagonal for the backtrack.
    private static func middleOperations(_ a: [Int], _ b: [Int], maxEdits: Int) -> [Operation] {
        let n = a.count
        let m = b.count
        if n == 0 || m == 0 {
            return (0..<n).map { .delete($0) } + (0..<m).map { .insert($0) }
        }
        let offset = n + m + 1
        var furthest = [Int](repeating: 0, count: 2 * offset + 1)
        var rounds: [[Int]] = []
        var found = false
        for edits in 0...min(n + m, maxEdits) {
            rounds.append(Array(furthest[(offset - edits)...(offset + edits)]))
            for diagonal in stride(from: -edits, through: edits, by: 2) {
                var x: Int
                let goesDown =
                    diagonal == -edits
                    || (diagonal != edits && furthest[offset + diagonal - 1] < furthest[offset + diagonal + 1])
                if goesDown {
                    x = furthest[offset + diagonal + 1]
                } else {
                    x = furthest[offset + diagonal - 1] + 1
                }
                var y = x - diagonal
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                furthest[offset + diagonal] = x
                if x >= n, y >= m {
                    found = true
                    break
                }
            }
            if found { break }
        }
        guard found else { return (0..<n).map { .delete($0) } + (0..<m).map { .insert($0) } }
        var operations: [Operation] = []
        var x = n
        var y = m
        for edits in stride(from: rounds.count - 1, through: 0, by: -1) {
            let round = rounds[edits]
            // `round` holds diagonals -edits...edits (the state before this round), indexed from 0.
            func reach(_ diagonal: Int) -> Int { round[diagonal + edits] }
            let diagonal = x - y
            let previous: Int
            if diagonal == -edits || (diagonal != edits && reach(diagonal - 1) < reach(diagonal + 1)) {
                previous = diagonal + 1
            } else {
                previous = diagonal - 1
            }
            let previousX = edits == 0 ? 0 : reach(previous)
            let previousY = previousX - previous
            while x > previousX, y > previousY {
                operations.append(.equal(x - 1, y - 1))
                x -= 1
                y -= 1
            }
            guard edits > 0 else { break }
            if x == previousX {
                operations.append(.insert(y - 1))
            } else {
                operations.append(.delete(x - 1))
            }
            x = previousX
            y = previousY
        }
        return operations.reversed()
    }

    /// The runs of changes in `operations`, each as the deleted indices (in the old sequence) and the inserted
    /// indices (in the new one) between two equal elements, in order.
    static func changeRuns(_ operations: [Operation]) -> [(deleted: [Int], inserted: [Int])] {
        var runs: [(deleted: [Int], inserted: [Int])] = []
        var deleted: [Int] = []
        var inserted: [Int] = []
        for operation in operations + [.equal(-1, -1)] {
            switch operation {
            case .equal:
                if !deleted.isEmpty || !inserted.isEmpty { runs.append((deleted, inserted)) }
                deleted.removeAll()
                inserted.removeAll()
            case .delete(let index): deleted.append(index)
            case .insert(let index): inserted.append(index)
            }
        }
        return runs
    }
}
