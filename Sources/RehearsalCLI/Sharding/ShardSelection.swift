import Rehearsal
import ScenarioJSON

/// What a sharded run records about its shard in its results, so that `rehearsal report` can check that the shards
/// it merges were cut from one plan and that none is missing.
package struct ShardRecord: Codable, Equatable, Sendable {
    /// 1-based.
    var index: Int
    var count: Int
    /// How many scenarios the whole selection had, before sharding.
    var selected: Int
    /// `durations` or `counting`.
    var basis: String
    /// ``ShardPlan/fingerprint``: equal for shards of one plan.
    var plan: String

    init(index: Int, count: Int, selected: Int, basis: String, plan: String) {
        self.index = index
        self.count = count
        self.selected = selected
        self.basis = basis
        self.plan = plan
    }

    private enum CodingKeys: String, CodingKey {
        case index, count, selected, basis, plan
    }

    /// Reads a shard as a sharded run writes it: a results file read back may say anything, and `report` counts
    /// the shards from 1 to `count`, so a count below 1, an index outside 1...count or a negative selection is
    /// refused at its value.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let count = try container.decode(Int.self, forKey: .count)
        guard count >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .count, in: container, debugDescription: "expected a shard count of 1 or more, found \(count)")
        }
        let index = try container.decode(Int.self, forKey: .index)
        guard (1...count).contains(index) else {
            throw DecodingError.dataCorruptedError(
                forKey: .index, in: container,
                debugDescription: "expected a shard index from 1 to its count (\(count)), found \(index)")
        }
        let selected = try container.decode(Int.self, forKey: .selected)
        guard selected >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .selected, in: container,
                debugDescription: "expected a number of selected scenarios of 0 or more, found \(selected)")
        }
        self.init(
            index: index, count: count, selected: selected, basis: try container.decode(String.self, forKey: .basis),
            plan: try container.decode(String.self, forKey: .plan))
    }
}

/// The scenarios one run plays after `--shard`, with what its results record about the shard and the notes its
/// report shows.
struct ShardSelection: Sendable {
    var paths: [PathName]
    var record: ShardRecord?
    var notes: [Diagnostic]

    /// The shard of `paths` that `shard` names (all of them without one), planned by the durations in
    /// `durationsFile` (relative to the current folder, as reports are; required to exist when given) or else the
    /// project's
    /// ``ScenarioDurations/defaultPath`` when it exists and reads.
    /// - Throws: a usage error (64) for a `--durations` file that does not exist, a failure (1) for one that does not
    ///   read as durations.
    init(
        _ paths: [PathName], shard: ScenarioSelection.Shard?, durationsFile: String?, root: String, usage: String
    ) throws(ScenarioSelection.Refusal) {
        guard let shard else {
            self.init(paths: paths, record: nil, notes: [])
            return
        }
        var durations: ScenarioDurations?
        var notes: [Diagnostic] = []
        let shown = durationsFile ?? ScenarioDurations.defaultPath
        let absolute =
            durationsFile.map(ScenarioDurations.fromCurrentFolder)
            ?? GoldenStore(root: root).absolute(ScenarioDurations.defaultPath)
        switch ScenarioDurations.load(absolute, shownPath: shown) {
        case .read(let read):
            durations = read
        case .missing:
            if let durationsFile {
                throw ScenarioSelection.Refusal(
                    text: UsageError(
                        message: "no such file: \(durationsFile)",
                        hint: "give the durations a run or 'rehearsal report' wrote (.rehearsal/durations.json)",
                        usage: usage
                    ).rendered, status: ExitCode.usage)
            }
        case .invalid(let reason):
            guard durationsFile == nil else { throw ScenarioSelection.Refusal(text: reason, status: ExitCode.failure) }
            notes.append(
                Diagnostic(
                    .note, location: SourceLocation(path: shown),
                    message: "the durations do not read, so the shards are cut by counting",
                    hint: "remove the file; the next run without --shard writes it again"))
        }
        let plan = ShardPlan(paths: paths, count: shard.count, durations: durations)
        let mine = plan.paths(ofShard: shard.index)
        let basis: String
        switch plan.basis {
        case .counting:
            basis = "counting"
        case .durations(let known, let estimated):
            basis = "durations"
            let expected = plan.expectedMicroseconds[shard.index - 1]
            let estimates = estimated == 0 ? "" : " (\(estimated) without one counted as the median)"
            notes.append(
                Diagnostic(
                    .note,
                    message: "shard \(shard.index)/\(shard.count): \(mine.count) of \(paths.count) scenarios, "
                        + "balanced by the durations in \(shown) of \(known) of them\(estimates): "
                        + "\(WallTime.text(Double(expected) / 1e6)) expected"))
        }
        self.init(
            paths: mine,
            record: ShardRecord(
                index: shard.index, count: shard.count, selected: paths.count, basis: basis, plan: plan.fingerprint),
            notes: notes)
    }

    private init(paths: [PathName], record: ShardRecord?, notes: [Diagnostic]) {
        self.paths = paths
        self.record = record
        self.notes = notes
    }
}
