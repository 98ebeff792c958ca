import ScenarioJSON

extension ValueDiff {
    /// How the elements of two arrays correspond: the pairs kept in order (equal, or alike and changed in place),
    /// the pairs that moved, and the rest removed or inserted.
    private struct Pairing {
        /// The golden element each of the run's elements is, by the run's index.
        var counterpart: [Int: Int] = [:]
        /// The run's indices whose counterpart is elsewhere in the golden: reported as moves.
        var moved = Set<Int>()
        /// Run indices of elements alike to a golden element at their own index, but left out of the order kept.
        var inPlaceMisses: [Int] = []
    }

    /// The changes between two arrays, in the run's order; a removed element comes before the elements that
    /// follow the kept element before it.
    ///
    /// Elements equal at one index on both sides are kept first, then the rest is aligned by a longest common
    /// subsequence between them. Of the elements left over: one equal on both sides is `moved`; inside one run of
    /// differences, elements that look alike are paired in order and compared in place; containers that look alike
    /// in different runs are `moved` and compared inside (or, at one index on both sides, kept and compared in
    /// place); the rest is `removed` and `inserted`. Elements no line names keep their order and fill the places
    /// the lines leave, so the lines rebuild the run's array from the golden's.
    static func arrayChanges(_ left: [JSONValue], _ right: [JSONValue], path: ValuePath) -> [ValueChange] {
        var kept = Set((0..<min(left.count, right.count)).filter { left[$0] == right[$0] })
        var operations: [LineDiff.Operation]
        var pairing: Pairing
        repeat {
            operations = align(left, right, keeping: kept.sorted())
            pairing = pair(left, right, runs: LineDiff.changeRuns(operations))
            kept.formUnion(pairing.inPlaceMisses)
        } while !pairing.inPlaceMisses.isEmpty
        // The kept pairs, in order: aligned ones and those paired inside a run.
        var keptGolden = [Int?](repeating: nil, count: right.count)
        for case .equal(let old, let new) in operations { keptGolden[new] = old }
        for (new, old) in pairing.counterpart where !pairing.moved.contains(new) { keptGolden[new] = old }
        // A removed element comes after the run's element kept just before it in the golden.
        var keptActual = [Int?](repeating: nil, count: left.count)
        for (new, old) in keptGolden.enumerated() { if let old { keptActual[old] = new } }
        let paired = Set(pairing.counterpart.values).union(keptGolden.compactMap { $0 })
        var removals: [(key: Int, old: Int)] = []
        var after = 0
        for old in left.indices {
            if let new = keptActual[old] {
                after = new + 1
            } else if !paired.contains(old) {
                removals.append((after, old))
            }
        }
        var result: [ValueChange] = []
        var nextRemoval = removals.startIndex
        for new in right.indices {
            while nextRemoval < removals.endIndex, removals[nextRemoval].key <= new {
                let old = removals[nextRemoval].old
                result.append(ValueChange(.removed, path: path.appending(.index(old)), expected: left[old]))
                nextRemoval += 1
            }
            let at = path.appending(.index(new))
            if let old = keptGolden[new] {
                result += changes(left[old], right[new], path: at)
            } else if let old = pairing.counterpart[new] {
                result.append(ValueChange(.moved, path: at, from: path.appending(.index(old)), expected: left[old]))
                result += changes(left[old], right[new], path: at)
            } else {
                result.append(ValueChange(.added, path: at, actual: right[new]))
            }
        }
        for (_, old) in removals[nextRemoval...] {
            result.append(ValueChange(.removed, path: path.appending(.index(old)), expected: left[old]))
        }
        return result
    }

    /// An edit script that keeps the pairs at the indices `kept` (ascending, the same index on both sides) and
    /// a longest common subsequence between them.
    private static func align(_ left: [JSONValue], _ right: [JSONValue], keeping kept: [Int]) -> [LineDiff.Operation] {
        var operations: [LineDiff.Operation] = []
        var start = 0
        for end in kept + [-1] {
            let oldEnd = end < 0 ? left.count : end
            let newEnd = end < 0 ? right.count : end
            operations += LineDiff.operations(Array(left[start..<oldEnd]), Array(right[start..<newEnd]))
                .map { $0.shifted(by: start) }
            if end >= 0 { operations.append(.equal(end, end)) }
            start = end + 1
        }
        return operations
    }

    /// Pairs the elements the alignment left over: equal ones anywhere (moves), alike ones inside one run (in
    /// place), alike containers across runs (moves).
    private static func pair(_ left: [JSONValue], _ right: [JSONValue], runs: [(deleted: [Int], inserted: [Int])])
        -> Pairing
    {
        var pairing = Pairing()
        var taken = Set<Int>()
        let deleted = runs.flatMap(\.deleted)
        // Moves: an element the alignment left out on both sides, equal on both.
        for new in runs.flatMap(\.inserted) {
            if let old = deleted.first(where: { !taken.contains($0) && left[$0] == right[new] }) {
                pairing.counterpart[new] = old
                pairing.moved.insert(new)
                taken.insert(old)
            }
        }
        // Changes in place: inside one run, in order, each inserted element with the next removed one alike.
        for run in runs {
            var next = 0
            let removed = run.deleted.filter { !taken.contains($0) }
            for new in run.inserted where pairing.counterpart[new] == nil {
                guard let match = removed[next...].firstIndex(where: { alike(left[$0], right[new]) }) else { continue }
                pairing.counterpart[new] = removed[match]
                taken.insert(removed[match])
                next = match + 1
            }
        }
        // Changed and moved: containers sharing a member across runs (an element edited and moved). One at its own
        // index is not a move: the caller keeps it in place and aligns again.
        for new in runs.flatMap(\.inserted) where pairing.counterpart[new] == nil && right[new].isContainer {
            if let old = deleted.first(where: {
                !taken.contains($0) && left[$0].isContainer && alike(left[$0], right[new])
            }) {
                pairing.counterpart[new] = old
                pairing.moved.insert(new)
                taken.insert(old)
                if old == new { pairing.inPlaceMisses.append(new) }
            }
        }
        return pairing
    }
}

extension JSONValue {
    /// Whether this is an object or an array.
    fileprivate var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
