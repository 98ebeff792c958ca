/// "Did you mean" suggestions for misspelt names (inputs, keys, ViewModels, mock keys).
package enum Suggestion {
    /// The candidate closest to `name` by edit distance (ignoring case), when it is close enough to be a plausible
    /// typo: at most a third of the longer name's length, and at most 3 edits; with `typosOnly: false`, however far
    /// it is (a name for the same thing, `searchRepos` for `searchRepositories`). Ties go to the earlier candidate.
    ///
    /// - Complexity: O(n · m · k) for k candidates of length m and a name of length n.
    package static func closest<C: Collection>(
        to name: String, in candidates: C, typosOnly: Bool = true
    ) -> String? where C.Element == String {
        let lowered = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            let limit = typosOnly ? min(3, max(1, max(lowered.count, candidate.count) / 3)) : Int.max
            guard distance <= limit else { continue }
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance, with adjacent transpositions counting as one edit.
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
