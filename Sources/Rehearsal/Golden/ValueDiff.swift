import ScenarioJSON

/// A structural diff of two JSON values, as ``ValueChange``s named by their path inside the value.
///
/// ```swift
/// ValueDiff.changes(["name": "Lee"], ["name": "Li"], path: ValuePath([.member("value")])).map(\.line)
/// // ["value.name: - \"Lee\" + \"Li\""]
/// ```
/// Objects are compared member by member. Arrays are aligned by a longest common subsequence of their elements,
/// so an inserted element is one `inserted`, not every later element changed. Of the elements left over: one equal
/// on both sides `moved`; inside one run of differences, elements that look alike (scalars, or containers sharing
/// a member or an element) are paired in order and compared inside; containers that look alike in different runs
/// are `moved` and compared inside; the rest is `removed` and `inserted`.
/// - Complexity: O((N+M)·D) per array of N and M elements with D differences (Myers' algorithm), plus O(D²) to
///   find moves.
enum ValueDiff {
    static func changes(_ old: JSONValue?, _ new: JSONValue?, path: ValuePath) -> [ValueChange] {
        switch (old, new) {
        case (.object(let left)?, .object(let right)?):
            var keys = left.keys
            keys += right.keys.filter { left[$0] == nil }
            return keys.flatMap { key in changes(left[key], right[key], path: path.appending(.member(key))) }
        case (.array(let left)?, .array(let right)?):
            return arrayChanges(left, right, path: path)
        case (nil, let added?):
            return [ValueChange(.added, path: path, actual: added)]
        case (let removed?, nil):
            return [ValueChange(.removed, path: path, expected: removed)]
        default:
            guard old != new else { return [] }
            return [ValueChange(.changed, path: path, expected: old, actual: new)]
        }
    }

    private static func arrayChanges(_ left: [JSONValue], _ right: [JSONValue], path: ValuePath) -> [ValueChange] {
        let runs = LineDiff.changeRuns(LineDiff.operations(left, right))
        // The golden element each inserted element is (equal: a move; alike: a change), by the run's index.
        var counterpart: [Int: Int] = [:]
        var taken = Set<Int>()
        let deleted = runs.flatMap(\.deleted)
        // Moves: an element the alignment left out on both sides, equal on both.
        for new in runs.flatMap(\.inserted) {
            if let old = deleted.first(where: { !taken.contains($0) && left[$0] == right[new] }) {
                counterpart[new] = old
                taken.insert(old)
            }
        }
        // Changes in place: inside one run, in order, each inserted element with the next removed one alike.
        for run in runs {
            var next = 0
            let removed = run.deleted.filter { !taken.contains($0) }
            for new in run.inserted where counterpart[new] == nil {
                guard let match = removed[next...].firstIndex(where: { alike(left[$0], right[new]) }) else { continue }
                counterpart[new] = removed[match]
                taken.insert(removed[match])
                next = match + 1
            }
        }
        // Changed and moved: containers sharing a member across runs (an element edited and moved).
        for new in runs.flatMap(\.inserted) where counterpart[new] == nil && right[new].isContainer {
            if let old = deleted.first(where: {
                !taken.contains($0) && left[$0].isContainer && alike(left[$0], right[new])
            }) {
                counterpart[new] = old
                taken.insert(old)
            }
        }
        var result: [ValueChange] = []
        for run in runs {
            // Unpaired removals come in golden order, each before the first pair of the run that follows it.
            var unpaired = run.deleted.filter { !taken.contains($0) }[...]
            func flush(before limit: Int) {
                while let old = unpaired.first, old < limit {
                    unpaired.removeFirst()
                    result.append(ValueChange(.removed, path: path.appending(.index(old)), expected: left[old]))
                }
            }
            for (position, new) in run.inserted.enumerated() {
                let at = path.appending(.index(new))
                guard let old = counterpart[new] else {
                    // Removals before insertions, up to the golden element of the run's next pair.
                    let nextPair = run.inserted[(position + 1)...].lazy.compactMap { counterpart[$0] }
                        .first { run.deleted.contains($0) }
                    flush(before: nextPair ?? Int.max)
                    result.append(ValueChange(.added, path: at, actual: right[new]))
                    continue
                }
                if run.deleted.contains(old) { flush(before: old) }
                if !run.deleted.contains(old) || left[old] == right[new] {
                    result.append(ValueChange(.moved, path: at, from: path.appending(.index(old)), expected: left[old]))
                }
                result += changes(left[old], right[new], path: at)
            }
            flush(before: Int.max)
        }
        return result
    }

    /// Whether two elements are one element changed rather than one removed and another inserted: two scalars,
    /// or two objects sharing a member (name and value), or two arrays sharing an element.
    static func alike(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.object(let a), .object(let b)):
            return a.members.contains { b[$0.key] == $0.value }
        case (.array(let a), .array(let b)):
            return a.contains { b.contains($0) }
        case (.object, _), (_, .object), (.array, _), (_, .array):
            return false
        default:
            return true
        }
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
