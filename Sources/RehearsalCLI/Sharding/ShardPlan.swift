import RehearsalBase

/// How `--shard i/n` splits the selected scenarios into `n` shards: balanced by the durations of earlier runs when
/// there are any for them, else by counting.
///
/// - **By durations**: longest-processing-time first — the scenarios in order of their duration, longest first
///   (ties in path order), each given to the shard with the least time so far (ties to the lowest shard). A scenario
///   with no duration yet (a file added since) counts the median of the known ones. No shard is then longer than
///   4/3 of the best split's longest shard (Graham, 1969), plus one scenario's estimate.
/// - **By counting** (no duration known for any selected scenario): the i-th of every n scenarios in path order.
///
/// The plan depends only on the set of paths and the durations, never on the order they are given in, so every
/// shard of a CI run that reads the same durations computes the same plan: together the shards hold every
/// scenario exactly once, whatever files were added or removed since the durations were written.
///
/// - Complexity: O(p log p + p·n) for p paths and n shards.
struct ShardPlan: Equatable, Sendable {
    /// What the plan balances by.
    enum Basis: Equatable, Sendable {
        /// Every n-th scenario in path order.
        case counting
        /// Recorded durations: `known` of the scenarios had one, `estimated` got the median.
        case durations(known: Int, estimated: Int)
    }

    /// The shards' scenario paths, each in path order; `shards[0]` is shard 1.
    var shards: [[PathName]]
    var basis: Basis
    /// Each shard's total duration in microseconds (estimates included); zeros when counting.
    var expectedMicroseconds: [Int64]

    /// The plan of `paths` in `count` shards, balanced by `durations` when they know any of the paths.
    init(paths: [PathName], count: Int, durations: ScenarioDurations?) {
        let sorted = Array(Set(paths)).sorted()
        let shardCount = max(1, count)
        let known = sorted.compactMap { durations?.microseconds[$0.description] }.sorted()
        guard !known.isEmpty else {
            shards = (0..<shardCount).map { shard in
                sorted.enumerated().filter { $0.offset % shardCount == shard }.map(\.element)
            }
            basis = .counting
            expectedMicroseconds = Array(repeating: 0, count: shardCount)
            return
        }
        let median = known[known.count / 2]
        let weighed = sorted.map { (path: $0, microseconds: durations?.microseconds[$0.description] ?? median) }
            .sorted { $0.microseconds != $1.microseconds ? $0.microseconds > $1.microseconds : $0.path < $1.path }
        var totals = Array(repeating: Int64(0), count: shardCount)
        var assigned = Array(repeating: [PathName](), count: shardCount)
        for item in weighed {
            // The shard with the least time so far; the lowest of equal ones.
            var least = 0
            for shard in 1..<shardCount where totals[shard] < totals[least] { least = shard }
            totals[least] += item.microseconds
            assigned[least].append(item.path)
        }
        shards = assigned.map { $0.sorted() }
        basis = .durations(known: known.count, estimated: sorted.count - known.count)
        expectedMicroseconds = totals
    }

    /// The paths of shard `index` (1-based).
    func paths(ofShard index: Int) -> [PathName] {
        shards.indices.contains(index - 1) ? shards[index - 1] : []
    }

    /// A hash of the whole assignment: shards that planned alike have the same one, so `rehearsal report` can tell
    /// that the results it merges were cut from one plan.
    var fingerprint: String {
        var bytes: [UInt8] = []
        for (index, shard) in shards.enumerated() {
            bytes += Array("\(index)\n".utf8)
            for path in shard { bytes += path.bytes + [0] }
        }
        let hash = FNV1a.hash32(bytes)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
