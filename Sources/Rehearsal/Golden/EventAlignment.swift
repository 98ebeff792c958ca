/// Aligns a golden's events with a run's: which are the same, which are one event changed (same kind and name,
/// other members), which moved (equal, elsewhere), and which are on one side only.
///
/// The alignment maximises 3 points per identical pair and 1 per changed pair (a global alignment with no gap
/// cost): an event whose value changed stays paired with its golden event, an equal event is paired with its equal
/// rather than two events being called changed, and events left on both sides that are equal are moves.
///
/// ```swift
/// EventAlignment.align(content: (["a", "b1", "c"], ["a", "b2", "c"]), identity: (["a", "b", "c"], ["a", "b", "c"]))
/// // [.same(0, 0), .changed(1, 1), .same(2, 2)]
/// ```
/// - Complexity: O(N+M) for the common prefix and suffix; O(n·m) time and memory for the n and m events between
///   them, up to ``maxCells``; past that a shortest edit script over the content (Myers, O((n+m)·D)) with changed
///   pairs found inside each run of differences.
enum EventAlignment {
    /// One row of the alignment, with event indices into the golden (first) and the run (second).
    enum Row: Equatable {
        case same(Int, Int)
        case changed(Int, Int)
        case moved(Int, Int)
        case removed(Int)
        case added(Int)
    }

    /// The largest middle part aligned by the weighted alignment.
    static let maxCells = 4_000_000

    static func align(content: ([String], [String]), identity: ([String], [String])) -> [Row] {
        let (old, new) = content
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        var rows = (0..<prefix).map { Row.same($0, $0) }
        let oldRange = prefix..<(old.count - suffix)
        let newRange = prefix..<(new.count - suffix)
        let middle =
            oldRange.count * newRange.count <= maxCells
            ? weighted(oldRange, newRange, content: content, identity: identity)
            : runs(oldRange, newRange, content: content, identity: identity)
        rows += withMoves(middle, content: content)
        for offset in 0..<suffix { rows.append(.same(old.count - suffix + offset, new.count - suffix + offset)) }
        return rows
    }

    /// The best-scoring alignment of the two ranges.
    private static func weighted(
        _ oldRange: Range<Int>, _ newRange: Range<Int>, content: ([String], [String]), identity: ([String], [String])
    ) -> [Row] {
        let n = oldRange.count
        let m = newRange.count
        if n == 0 || m == 0 { return oldRange.map { .removed($0) } + newRange.map { .added($0) } }
        // score[j] for the current row i; direction: 0 delete (up), 1 insert (left), 2 same, 3 changed.
        var previous = [Int](repeating: 0, count: m + 1)
        var current = previous
        var direction = [UInt8](repeating: 1, count: (n + 1) * (m + 1))
        for i in 1...n {
            current[0] = 0
            direction[i * (m + 1)] = 0
            let x = oldRange.lowerBound + i - 1
            for j in 1...m {
                let y = newRange.lowerBound + j - 1
                var best = previous[j]
                var way: UInt8 = 0
                if current[j - 1] >= best {
                    best = current[j - 1]
                    way = 1
                }
                if content.0[x] == content.1[y], previous[j - 1] + 3 >= best {
                    best = previous[j - 1] + 3
                    way = 2
                } else if identity.0[x] == identity.1[y], previous[j - 1] + 1 >= best {
                    best = previous[j - 1] + 1
                    way = 3
                }
                current[j] = best
                direction[i * (m + 1) + j] = way
            }
            swap(&previous, &current)
        }
        var rows: [Row] = []
        var i = n
        var j = m
        while i > 0 || j > 0 {
            let x = oldRange.lowerBound + i - 1
            let y = newRange.lowerBound + j - 1
            switch j == 0 ? 0 : i == 0 ? 1 : direction[i * (m + 1) + j] {
            case 0:
                rows.append(.removed(x))
                i -= 1
            case 1:
                rows.append(.added(y))
                j -= 1
            case 2:
                rows.append(.same(x, y))
                i -= 1
                j -= 1
            default:
                rows.append(.changed(x, y))
                i -= 1
                j -= 1
            }
        }
        return rows.reversed()
    }

    /// A shortest edit script over the content, with each run of differences paired by identity in order.
    private static func runs(
        _ oldRange: Range<Int>, _ newRange: Range<Int>, content: ([String], [String]), identity: ([String], [String])
    ) -> [Row] {
        let operations = LineDiff.operations(Array(content.0[oldRange]), Array(content.1[newRange]))
        var rows: [Row] = []
        var deleted: [Int] = []
        var inserted: [Int] = []
        func flush() {
            var pending = inserted[...]
            for old in deleted {
                if let new = pending.first, identity.0[old] == identity.1[new] {
                    rows.append(.changed(old, new))
                    pending.removeFirst()
                } else {
                    rows.append(.removed(old))
                }
            }
            rows += pending.map { .added($0) }
            deleted.removeAll()
            inserted.removeAll()
        }
        for operation in operations {
            switch operation {
            case .equal(let x, let y):
                flush()
                rows.append(.same(oldRange.lowerBound + x, newRange.lowerBound + y))
            case .delete(let x): deleted.append(oldRange.lowerBound + x)
            case .insert(let y): inserted.append(newRange.lowerBound + y)
            }
        }
        flush()
        return rows
    }

    /// `rows` with each removed event that the run has elsewhere, equal, turned into one `moved` row at the run's
    /// position.
    private static func withMoves(_ rows: [Row], content: ([String], [String])) -> [Row] {
        var removed: [Int] = []
        for row in rows { if case .removed(let x) = row { removed.append(x) } }
        guard !removed.isEmpty else { return rows }
        var movedFrom: [Int: Int] = [:]
        var taken = Set<Int>()
        for row in rows {
            guard case .added(let y) = row,
                let x = removed.first(where: { !taken.contains($0) && content.0[$0] == content.1[y] })
            else { continue }
            movedFrom[y] = x
            taken.insert(x)
        }
        return rows.compactMap { row in
            switch row {
            case .removed(let x) where taken.contains(x): nil
            case .added(let y): movedFrom[y].map { .moved($0, y) } ?? row
            default: row
            }
        }
    }
}
